import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';

/** The constraints the migrations put on the tables, on a migrated database. */

describe('constraints', () => {
  let t: TestDatabase;
  let alice: number;
  let bob: number;
  const roomId = '7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11';

  beforeAll(async () => {
    t = await createTestDatabase();
    const u = await t.pool.query<{ id: number }>(
      `INSERT INTO users (username, email) VALUES ('alice', 'alice@example.com'), ('bob', 'bob@example.com') RETURNING id`,
    );
    [alice, bob] = u.rows.map((r) => r.id) as [number, number];
    await t.pool.query(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
       VALUES ($1, 'Dinner', '2030-01-01', '19:30', 'Luigi''s', 'local:luigis', 'https://maps.example', $2)`,
      [roomId, alice],
    );
  });
  afterAll(() => t.drop());

  const rejects = (sql: string, params: unknown[] = []) =>
    expect(t.pool.query(sql, params)).rejects.toThrow();

  it('usernames are unique regardless of case, and emails are stored lower-case', async () => {
    await rejects(`INSERT INTO users (username, email) VALUES ('ALICE', 'other@example.com')`);
    await rejects(`INSERT INTO users (username, email) VALUES ('carol', 'Carol@Example.com')`);
    await rejects(`INSERT INTO users (username, email) VALUES ('x', 'x@example.com')`);
  });

  it('bills need a positive amount in minor units and a name', async () => {
    const bill = `INSERT INTO bills (room_id, owner_id, created_by, name, amount_minor) VALUES ($1, $2, $2, $3, $4)`;
    await rejects(bill, [roomId, alice, 'Pizza', 0]);
    await rejects(bill, [roomId, alice, 'Pizza', -5]);
    await rejects(bill, [roomId, alice, '', 100]);
    await expect(t.pool.query(bill, [roomId, alice, 'Pizza', 1999])).resolves.toBeDefined();
  });

  it('at most one pending friend request between two people, whichever way', async () => {
    await t.pool.query(`INSERT INTO friend_requests (sender_id, receiver_id) VALUES ($1, $2)`, [alice, bob]);
    await rejects(`INSERT INTO friend_requests (sender_id, receiver_id) VALUES ($1, $2)`, [bob, alice]);
    await rejects(`INSERT INTO friend_requests (sender_id, receiver_id) VALUES ($1, $1)`, [alice]);
  });

  it('room time, image and a paid transaction without a date are refused', async () => {
    await rejects(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
       VALUES (gen_random_uuid(), 'Late', '2030-01-01', '24:00', 'v', 'p', 'u', $1)`,
      [alice],
    );
    await rejects(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id, image_url)
       VALUES (gen_random_uuid(), 'Img', '2030-01-01', '10:00', 'v', 'p', 'u', $1, '/imgs/evil.png')`,
      [alice],
    );
    const c = await t.pool.query<{ id: number }>(
      `INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2) RETURNING id`,
      [roomId, alice],
    );
    await rejects(
      `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor, is_paid)
       VALUES ($1, $2, $3, $4, 100, true)`,
      [c.rows[0]!.id, roomId, bob, alice],
    );
    await rejects(
      `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor)
       VALUES ($1, $2, $3, $3, 100)`,
      [c.rows[0]!.id, roomId, bob],
    );
  });
});
