import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';

/**
 * The scale bench's seed (bench/lib/scale-seed.mjs, issue #22) is reproducible: two seeds of the same size and
 * base date give identical rows, table by table. Run here at a tiny size factor; the bench seeds 20 and 2,000
 * times as much with the same SQL.
 */

type Seed = {
  scaleSeed(pool: unknown, opts: { factor: number; baseDate: string }): Promise<{ heavyId: number }>;
  fingerprint(pool: unknown): Promise<Record<string, { n: number; md5: string }>>;
};
const seedModule = new URL('../../../../bench/lib/scale-seed.mjs', import.meta.url).href;

let a: TestDatabase;
let b: TestDatabase;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

describe('scale bench seed', () => {
  it('seeds the same rows twice, and the heavy user has what the bench reads', async () => {
    const { scaleSeed, fingerprint } = (await import(seedModule)) as Seed;
    const opts = { factor: 0.0005, baseDate: '2026-11-27' };
    const [sa, sb] = [await scaleSeed(a.pool, opts), await scaleSeed(b.pool, opts)];
    expect(sa).toEqual(sb);
    const [fa, fb] = [await fingerprint(a.pool), await fingerprint(b.pool)];
    expect(fa).toEqual(fb);
    for (const [table, { n }] of Object.entries(fa)) expect(n, table).toBeGreaterThan(0);
    expect(fa.users!.n).toBe(500);

    const one = async (sql: string) => (await a.pool.query(sql, [sa.heavyId])).rows[0].n as number;
    expect(await one('SELECT count(*)::int AS n FROM room_members WHERE user_id = $1')).toBe(25);
    expect(await one('SELECT count(*)::int AS n FROM friendships WHERE user_id = $1')).toBe(125);
    // The kept counts agree with the rows (the seed writes them with the triggers off).
    const off = await a.pool.query(`SELECT r.id FROM rooms r
      WHERE r.member_count <> (SELECT count(*) FROM room_members m WHERE m.room_id = r.id)
         OR r.message_count <> (SELECT count(*) FROM messages m WHERE m.room_id = r.id)`);
    expect(off.rows).toEqual([]);
    // A different base date moves the dates, not the shape.
    await b.pool.query(
      `TRUNCATE users, rooms, messages, notifications, friend_requests, consolidations CASCADE`,
    );
    await scaleSeed(b.pool, { ...opts, baseDate: '2026-12-01' });
    const moved = await fingerprint(b.pool);
    expect(moved.rooms!.md5).not.toBe(fa.rooms!.md5);
    expect(moved.rooms!.n).toBe(fa.rooms!.n);
  });
});
