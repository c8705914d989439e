import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, startedRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { containsPattern } from '../../lib/like.js';
import { exploreWhere } from './explore.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const explore = async (u: TestUser, query = '') => {
  const res = await as(t, u)('GET', `/v1/rooms/public${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return exploreResponse.parse(res.json());
};

describe('Explore: GET /rooms/public', () => {
  it('upcoming open public rooms only, soonest first, not yours, not invited; search; pages', async () => {
    const tag = `x${Date.now().toString(36)}`;
    const [host, me] = await Promise.all([createUser(t), createUser(t)]);
    await makeFriends(t, host, me);
    const mk = (name: string, days: number, extra: Record<string, unknown> = {}, invitees: number[] = []) =>
      createRoom(
        t,
        host,
        { name: `${tag} ${name}`, date: inDays(days), isPrivate: false, ...extra },
        invitees,
      );
    const later = (await mk('Later', 9)).room;
    const soon = (await mk('Soon', 2)).room;
    const harbour = (await mk('Supper', 5, { venue: 'Harbour Hall', venuePlaceId: 'local:harbour' })).room;
    const percent = (await mk('100% fun_night', 6)).room;
    await mk('Private', 3, { isPrivate: true });
    const past = (await mk('Past', 4)).room;
    await startedRoom(t, past.id);
    const closed = (await mk('Closed', 4)).room;
    await as(t, host)('PATCH', `/v1/rooms/${closed.id}/close`);
    await mk('Invited', 4, {}, [me.id]);
    const joined = (await mk('Joined', 4)).room;
    await as(t, me)('PATCH', `/v1/rooms/${joined.id}/join`);

    const all = (await explore(me, `?q=${tag}`)).data.map((r) => r.id);
    expect(all).toEqual([soon.id, harbour.id, percent.id, later.id]);
    const plain = await explore(me);
    expect(plain.nextCursor).toBeUndefined();
    expect(plain.data.map((r) => r.id)).toEqual(expect.arrayContaining(all));

    // Name or venue, case-insensitive; % and _ match themselves.
    expect((await explore(me, `?q=harbour%20HALL`)).data.map((r) => r.id)).toEqual([harbour.id]);
    expect((await explore(me, `?q=${encodeURIComponent(`${tag} 100%`)}`)).data.map((r) => r.id)).toEqual([
      percent.id,
    ]);
    expect((await explore(me, `?q=${encodeURIComponent(`${tag}_`)}`)).data).toEqual([]);
    expect((await explore(me, `?q=${encodeURIComponent('fun_night')}`)).data.map((r) => r.id)).toEqual([
      percent.id,
    ]);

    // Pages of 3 then 1, then the end.
    const p1 = await explore(me, `?q=${tag}&limit=3`);
    expect(p1.data.map((r) => r.id)).toEqual(all.slice(0, 3));
    expect(p1.nextCursor).toEqual(expect.any(String));
    const p2 = await explore(me, `?q=${tag}&limit=3&cursor=${p1.nextCursor}`);
    expect(p2.data.map((r) => r.id)).toEqual(all.slice(3));
    expect(p2.nextCursor).toBeNull();
    const exact = await explore(me, `?q=${tag}&limit=4`);
    expect(exact.nextCursor).toBeNull();
  });

  it('a bad cursor or limit is a 400 with a sentence', async () => {
    const me = await createUser(t);
    for (const cursor of ['nonsense', Buffer.from('["x","y"]').toString('base64url'), '%E2%9C%93']) {
      const res = await as(t, me)('GET', `/v1/rooms/public?limit=5&cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toBe(
        'This page of Explore is out of date; start again from the first page.',
      );
    }
    expect((await as(t, me)('GET', '/v1/rooms/public?limit=0')).statusCode).toBe(400);
    expect((await as(t, me)('GET', '/v1/rooms/public?limit=51')).statusCode).toBe(400);
  });

  it('the query can use rooms_explore_idx (its WHERE implies the index predicate)', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      // A tiny test table would be scanned anyway; forbid that to see whether the index applies at all.
      await client.query('SET LOCAL enable_seqscan = off');
      const { PgDialect } = await import('drizzle-orm/pg-core');
      const { sql } = await import('drizzle-orm');
      const q = new PgDialect().sqlToQuery(
        sql`EXPLAIN SELECT r.id FROM rooms r WHERE ${exploreWhere(1, 'pub', { startsAt: new Date().toISOString(), id: '00000000-0000-4000-8000-000000000000' })} ORDER BY r.starts_at, r.id LIMIT 21`,
      );
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(q.sql, q.params);
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('rooms_explore_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});
