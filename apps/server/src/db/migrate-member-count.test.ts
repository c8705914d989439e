import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { migrate } from './migrate.js';

/** Migration 0002 on a database 0001 left with rooms and members. */

describe('0002: rooms.member_count', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('is backfilled from the memberships a database already has, then kept by the trigger', async () => {
    // A database as 0001 left it, with rooms of 0, 1 and 3 members.
    await t.pool.query(await readFile(new URL('./migrations/0001_initial.sql', import.meta.url), 'utf8'));
    await t.pool.query(
      `CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       INSERT INTO schema_migrations (name) VALUES ('0001_initial.sql')`,
    );
    const { rows: users } = await t.pool.query<{ id: number }>(
      `INSERT INTO users (username, email) SELECT 'user' || i, 'user' || i || '@example.com' FROM generate_series(1, 3) i
       RETURNING id`,
    );
    const ids = users.map((u) => u.id);
    const rooms = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const empty = '00000000-0000-4000-8000-000000000003';
    for (const id of [...rooms, empty])
      await t.pool.query(
        `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
         VALUES ($1, 'R', '2030-01-01', '19:30', 'v', 'local:v', 'https://maps.example', $2)`,
        [id, ids[0]],
      );
    await t.pool.query(
      `INSERT INTO room_members (room_id, user_id) SELECT $1::uuid, u FROM unnest($2::int[]) u
       UNION ALL SELECT $3::uuid, $4::int`,
      [rooms[0], ids, rooms[1], ids[1]],
    );

    expect((await migrate(t.pool)).applied[0]).toBe('0002_room_member_count.sql');
    const counts = async () =>
      Object.fromEntries(
        (
          await t.pool.query<{ id: string; member_count: number; n: number }>(
            `SELECT r.id, r.member_count, (SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id) AS n
             FROM rooms r`,
          )
        ).rows.map((r) => [r.id, [r.member_count, r.n]]),
      );
    expect(await counts()).toEqual({ [rooms[0]!]: [3, 3], [rooms[1]!]: [1, 1], [empty]: [0, 0] });

    // Insert, delete, move and cascade: each keeps the count.
    await t.pool.query(`INSERT INTO room_members (room_id, user_id) VALUES ($1, $2), ($1, $3)`, [
      empty,
      ids[0],
      ids[1],
    ]);
    await t.pool.query(`DELETE FROM room_members WHERE room_id = $1 AND user_id = $2`, [rooms[0], ids[0]]);
    await t.pool.query(`UPDATE room_members SET room_id = $1 WHERE room_id = $2 AND user_id = $3`, [
      rooms[1],
      rooms[0],
      ids[2],
    ]);
    expect(await counts()).toEqual({ [rooms[0]!]: [1, 1], [rooms[1]!]: [2, 2], [empty]: [2, 2] });
    await t.pool.query(`DELETE FROM users WHERE id = $1`, [ids[1]]); // cascades to 3 memberships
    expect(await counts()).toEqual({ [rooms[0]!]: [0, 0], [rooms[1]!]: [1, 1], [empty]: [1, 1] });
    await t.pool.query(`DELETE FROM rooms WHERE id = $1`, [rooms[1]]); // cascades to its membership
    expect(await counts()).toEqual({ [rooms[0]!]: [0, 0], [empty]: [1, 1] });
    await t.pool.query(`TRUNCATE room_members`);
    expect(await counts()).toEqual({ [rooms[0]!]: [0, 0], [empty]: [0, 0] });
  });
});
