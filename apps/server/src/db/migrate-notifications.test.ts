import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { migrate } from './migrate.js';

/** 0010 (issue #21) on a database as the earlier migrations left it, with notifications made the old way. */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ empty: true });
});
afterAll(() => t.drop());

const dir = new URL('./migrations/', import.meta.url);

async function before0010(pool: pg.Pool) {
  await runJobQueueMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && f < '0010').sort();
  for (const f of files) await pool.query(await readFile(new URL(f, dir), 'utf8'));
  await pool.query(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await pool.query('INSERT INTO schema_migrations (name) SELECT unnest($1::text[])', [files]);
}

/** Runs `sql` in one transaction, as the app did: its rows share one now(). */
async function atOnce(pool: pg.Pool, sql: string, params: unknown[] = []) {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const res = await c.query(sql, params);
    await c.query('COMMIT');
    return res.rows;
  } finally {
    c.release();
  }
}

describe('0010: notifications that lead somewhere, chat markers', () => {
  it('gives old notifications their kind, link and subject, reads what was acted on, and starts markers at now', async () => {
    const q = (sql: string, params: unknown[] = []) => t.pool.query(sql, params).then((r) => r.rows);
    await before0010(t.pool);
    const [ann, ben, cat] = (
      await q(`INSERT INTO users (username, email, is_email_valid) VALUES
        ('ann', 'ann@example.com', true), ('ben', 'ben@example.com', true), ('cat', 'cat@example.com', true)
        RETURNING id`)
    ).map((r) => r.id as number);
    const room = '6b1f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b';
    await q(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
       VALUES ($1, 'Board games', current_date + 7, '19:00', 'Café', 'local:cafe', 'https://maps.example', $2)`,
      [room, ann],
    );
    await q(`INSERT INTO room_members (room_id, user_id) VALUES ($1, $2), ($1, $3)`, [room, ann, ben]);
    const [msg] = await q(
      `INSERT INTO messages (room_id, sender_id, content) VALUES ($1, $2, 'hi'), ($1, $2, 'there') RETURNING id`,
      [room, ann],
    );

    // A friend request answered later, one still pending, an invite, a move, a debt paid later, a payment
    // reminder with its own title, and something no rule knows.
    const [answered] = await atOnce(
      t.pool,
      `WITH fr AS (INSERT INTO friend_requests (sender_id, receiver_id) VALUES ($1, $2) RETURNING id)
       INSERT INTO notifications (user_id, title, content) SELECT $2, 'Friend request', 'ann sent you a friend request.'
       FROM fr RETURNING (SELECT id FROM fr) AS request_id`,
      [ann, ben],
    );
    await q(`UPDATE friend_requests SET status = 'accepted', responded_at = now() WHERE id = $1`, [
      answered.request_id,
    ]);
    const [pending] = await atOnce(
      t.pool,
      `WITH fr AS (INSERT INTO friend_requests (sender_id, receiver_id) VALUES ($1, $2) RETURNING id)
       INSERT INTO notifications (user_id, title, content) SELECT $2, 'Friend request', 'cat sent you a friend request.'
       FROM fr RETURNING (SELECT id FROM fr) AS request_id`,
      [cat, ann],
    );
    await atOnce(
      t.pool,
      `WITH i AS (INSERT INTO invites (room_id, user_id, inviter_id) VALUES ($1, $2, $3))
       INSERT INTO notifications (user_id, title, content) VALUES ($2, 'Room invite', 'ann invited you to Board games.')`,
      [room, cat, ann],
    );
    await q(`INSERT INTO notifications (user_id, title, content) VALUES ($1, 'Outing moved', $2)`, [
      ben,
      'Board games moved from Sat 6 Dec 19:00 to Sat 6 Dec 20:00.',
    ]);
    const [debt] = await atOnce(
      t.pool,
      `WITH c AS (INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2) RETURNING id),
       tx AS (INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents)
              SELECT c.id, $1, $3, $2, 1250 FROM c RETURNING id)
       INSERT INTO notifications (user_id, title, content)
       VALUES ($3, 'Bills consolidated', 'You owe $12.50 to ann for Board games.') RETURNING (SELECT id FROM tx) AS tx_id`,
      [room, ann, ben],
    );
    await atOnce(
      t.pool,
      `WITH r AS (INSERT INTO reminders (payee_id, payer_id) VALUES ($1, $2))
       INSERT INTO notifications (user_id, title, content) VALUES ($2, 'Pay me', 'Pay $12.50 to ann!')`,
      [ann, ben],
    );
    await q(`UPDATE transactions SET status = 'paid', is_paid = true, paid_on = now() WHERE id = $1`, [
      debt.tx_id,
    ]);
    await q(`INSERT INTO notifications (user_id, title, content) VALUES ($1, 'Something else', 'What?')`, [
      cat,
    ]);

    expect((await migrate(t.pool)).applied).toContain('0010_notifications.sql');
    const rows = await q(
      `SELECT user_id, title, kind, url, room_id, friend_request_id, transaction_ids, actor_id, params, is_read
       FROM notifications ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        user_id: ben,
        title: 'Friend request',
        kind: 'friend_request',
        url: '/friends/requests',
        room_id: null,
        friend_request_id: answered.request_id,
        transaction_ids: [],
        actor_id: ann,
        params: { username: 'ann' },
        is_read: true, // accepted since
      },
      {
        user_id: ann,
        title: 'Friend request',
        kind: 'friend_request',
        url: '/friends/requests',
        room_id: null,
        friend_request_id: pending.request_id,
        transaction_ids: [],
        actor_id: cat,
        params: { username: 'cat' },
        is_read: false,
      },
      {
        user_id: cat,
        title: 'Room invite',
        kind: 'room_invite',
        url: `/room/${room}`,
        room_id: room,
        friend_request_id: null,
        transaction_ids: [],
        actor_id: ann,
        params: { username: 'ann', roomName: 'Board games' },
        is_read: false,
      },
      {
        user_id: ben,
        title: 'Outing moved',
        kind: 'room_changed',
        url: `/room/${room}`,
        room_id: room,
        friend_request_id: null,
        transaction_ids: [],
        actor_id: null,
        params: { roomName: 'Board games' },
        is_read: false,
      },
      {
        user_id: ben,
        title: 'Bills consolidated',
        kind: 'bills_consolidated',
        url: `/room/${room}`,
        room_id: room,
        friend_request_id: null,
        transaction_ids: [debt.tx_id],
        actor_id: ann,
        params: { username: 'ann', roomName: 'Board games' },
        is_read: true, // paid since
      },
      {
        user_id: ben,
        title: 'Pay me',
        kind: 'payment_reminder',
        url: '/',
        room_id: null,
        friend_request_id: null,
        transaction_ids: [debt.tx_id],
        actor_id: ann,
        params: { username: 'ann' },
        is_read: true,
      },
      {
        user_id: cat,
        title: 'Something else',
        kind: 'other',
        url: null,
        room_id: null,
        friend_request_id: null,
        transaction_ids: [],
        actor_id: null,
        params: {},
        is_read: false,
      },
    ]);

    // Chat: what was written before is read; a member joining later starts at their joining.
    const markers = await q(
      `SELECT user_id, last_read_message_id, chat_pushed_message_id, chat_muted FROM room_members ORDER BY user_id`,
    );
    expect(markers).toEqual(
      [ann, ben].map((u) => ({
        user_id: u,
        last_read_message_id: msg.id + 1,
        chat_pushed_message_id: msg.id + 1,
        chat_muted: false,
      })),
    );
    await q(`INSERT INTO room_members (room_id, user_id) VALUES ($1, $2)`, [room, cat]);
    expect(
      (await q(`SELECT last_read_message_id FROM room_members WHERE user_id = $1`, [cat]))[0]
        .last_read_message_id,
    ).toBe(msg.id + 1);
    // The same client id twice from one sender in one room is refused by the index.
    await q(
      `INSERT INTO messages (room_id, sender_id, content, client_id) VALUES ($1, $2, 'a', 'client-id-1')`,
      [room, ann],
    );
    await expect(
      q(`INSERT INTO messages (room_id, sender_id, content, client_id) VALUES ($1, $2, 'b', 'client-id-1')`, [
        room,
        ann,
      ]),
    ).rejects.toThrow(/messages_client_id_idx/);
  });
});
