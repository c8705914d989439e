import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';

/** 0016 (issue #22): a room's unread count is read from messages_room_idx alone, without the messages' rows. */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('0016: unread counts from the index', () => {
  it("counts a member's unread messages of others with an index-only scan", async () => {
    const q = async (text: string, values: unknown[] = []) => (await t.pool.query(text, values)).rows;
    const [a, b] = await q(
      `INSERT INTO users (username, email, password_hash, is_email_valid)
       SELECT 'unread' || i, 'unread' || i || '@example.com', 'x', true FROM generate_series(1, 2) i RETURNING id`,
    );
    // Two rooms: the one counted and a busier one, whose messages are interleaved with its messages.
    const [room, busy] = await q(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
       SELECT gen_random_uuid(), 'Room ' || i, current_date + 7, '19:00', 'Venue', 'place', 'https://example.com', $1
       FROM generate_series(1, 2) i ORDER BY i RETURNING id`,
      [a.id],
    );
    await q('INSERT INTO room_members (room_id, user_id) VALUES ($1, $2), ($1, $3) ON CONFLICT DO NOTHING', [
      room.id,
      a.id,
      b.id,
    ]);
    await q(
      `INSERT INTO messages (room_id, sender_id, content)
       SELECT CASE WHEN i % 20 = 0 THEN $1::uuid ELSE $2::uuid END, CASE WHEN i % 40 = 0 THEN $3::int ELSE $4::int END,
         'message ' || i
       FROM generate_series(1, 8000) i`,
      [room.id, busy.id, a.id, b.id],
    );
    await q('VACUUM ANALYZE messages');
    // The shape of chat/queries.ts unreadOf, for member a with a marker at 0.
    const count = `SELECT count(*)::int AS n FROM (SELECT 1 FROM messages m
      WHERE m.room_id = $1 AND m.id > 0 AND m.sender_id <> $2 LIMIT 100) unread`;
    expect((await q(count, [room.id, a.id]))[0].n).toBe(100);
    // Whether the index can answer the count alone, whatever the planner would pick for a table this small and
    // whatever the visibility map says (CI's busy cluster left pages not all-visible): with every other way to read
    // messages off, only an index holding sender_id can give an index-only scan.
    const client = await t.pool.connect();
    let plan: string;
    try {
      await client.query('SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_indexscan = off');
      plan = (await client.query(`EXPLAIN ${count}`, [room.id, a.id])).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    } finally {
      await client.query('RESET enable_seqscan; RESET enable_bitmapscan; RESET enable_indexscan');
      client.release();
    }
    expect(plan).toContain('Index Only Scan using messages_room_idx on messages');
  });
});
