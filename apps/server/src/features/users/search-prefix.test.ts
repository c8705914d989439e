import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/users.js';
import { SEARCH_CANDIDATES } from './search.js';

/**
 * User search reads the usernames that start with the text from an index before sorting every substring match
 * (issue #22). Its answer is the same as the full ordering: exact match first, then by where the text starts, then by
 * name — whether ten names start with the text or fewer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user search by prefix', () => {
  it('answers the full ordering with many prefix matches and with few', async () => {
    const me = await createUser(t, { username: 'prefix_searcher' });
    await t.database.pool.query(
      `INSERT INTO users (username, email, is_email_valid)
       SELECT n, lower(n) || '@example.com', true FROM unnest($1::text[]) n`,
      [
        [
          ...Array.from({ length: 12 }, (_, i) => `Kqz_${String(12 - i).padStart(2, '0')}`),
          'kqz', // the exact match
          'a_kqz_inside', // contains it, does not start with it
          'xy_kqw_1',
          'xy_kqw_2',
          'kqw',
          'zz_kqw',
        ],
      ],
    );
    const search = async (q: string) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/v1/users/${me.id}/friends/search?query=${q}`,
            headers: { authorization: `Bearer ${me.token}` },
          })
        ).json() as { data: { username: string }[] }
      ).data.map((u) => u.username);
    // Thirteen start with "kqz": the exact one, then nine more by name; the substring match does not make it.
    expect(await search('KQZ')).toEqual([
      'kqz',
      ...Array.from({ length: 9 }, (_, i) => `Kqz_${String(i + 1).padStart(2, '0')}`),
    ]);
    // One starts with "kqw": it, then the others by where the text starts, then by name.
    expect(await search('kqw')).toEqual(['kqw', 'xy_kqw_1', 'xy_kqw_2', 'zz_kqw']);
    // LIKE's wildcards are literal.
    expect(await search('kq_')).toEqual([]);
  });

  it('ranks a text inside more names than it weighs: those that start with it first, always found', async () => {
    const me = await createUser(t, { username: 'many_searcher' });
    const inside = Array.from(
      { length: SEARCH_CANDIDATES + 50 },
      (_, i) => `m${String(i).padStart(3, '0')}_vqj`,
    );
    const insert = (names: string[]) =>
      t.database.pool.query(
        `INSERT INTO users (username, email, is_email_valid)
         SELECT n, lower(n) || '@example.com', true FROM unnest($1::text[]) n`,
        [names],
      );
    // Those that contain it come first in the table (and in the trigram index): the two that start with it, written
    // last, are beyond the candidates a substring search ranks, and must still lead the answer.
    await insert(inside);
    await insert(['vqj_b', 'vqj_a']);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/users/${me.id}/friends/search?query=VQJ`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    const names = (res.json() as { data: { username: string }[] }).data.map((u) => u.username);
    expect(names).toHaveLength(10);
    expect(names.slice(0, 2)).toEqual(['vqj_a', 'vqj_b']);
    // The rest contain it at the same place: by name, among the candidates.
    expect(names.slice(2).every((n) => inside.includes(n))).toBe(true);
    expect(names.slice(2)).toEqual([...names.slice(2)].sort());
  });

  it('finds a text of under three letters or digits inside names too (no trigram covers it)', async () => {
    const me = await createUser(t, { username: 'short_searcher' });
    await t.database.pool.query(
      `INSERT INTO users (username, email, is_email_valid)
       SELECT n, lower(n) || '@example.com', true FROM unnest($1::text[]) n`,
      [['aaz9', 'bz9b', 'z9first', 'z_9_apart']],
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/users/${me.id}/friends/search?query=Z9`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect((res.json() as { data: { username: string }[] }).data.map((u) => u.username)).toEqual([
      'z9first',
      'bz9b',
      'aaz9',
    ]);
  });
});
