import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/users.js';

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
});
