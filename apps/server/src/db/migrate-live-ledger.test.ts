import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { settle } from '@outing/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { migrate } from './migrate.js';

/**
 * 0020 (one live ledger) on a database as 0019 left it, with rooms of the rounds model: rounds fully paid, partly
 * paid, one with a disputed payment, an open round. After migrate() every room's nets (bills − payments) are what
 * they were and its unpaid transactions are exactly the fewest transfers of those nets; the queue is drained.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ empty: true });
});
afterAll(() => t.drop());

const dir = new URL('./migrations/', import.meta.url);

async function before0020(pool: pg.Pool) {
  await runJobQueueMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && f < '0020').sort();
  for (const f of files) await pool.query(await readFile(new URL(f, dir), 'utf8'));
  await pool.query(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await pool.query('INSERT INTO schema_migrations (name) SELECT unnest($1::text[])', [files]);
}

/** The amount column of bills and transactions: amount_cents as 0019 left them, amount_minor since 0021. */
type AmountColumn = 'amount_cents' | 'amount_minor';

/** Nets in minor units as the rounds model meant them: every bill, every payment (paid or confirmed). */
async function nets(pool: pg.Pool, roomId: string, amount: AmountColumn) {
  const { rows } = await pool.query<{ user_id: number; net: string }>(
    `SELECT user_id, sum(v)::text AS net FROM (
       SELECT owner_id AS user_id, ${amount}::bigint AS v FROM bills WHERE room_id = $1
       UNION ALL SELECT s.user_id, -s.amount_minor FROM bill_shares s JOIN bills b ON b.id = s.bill_id
         WHERE b.room_id = $1
       UNION ALL SELECT payer_id, ${amount} FROM transactions WHERE room_id = $1 AND status <> 'unpaid'
       UNION ALL SELECT payee_id, -${amount} FROM transactions WHERE room_id = $1 AND status <> 'unpaid'
     ) x GROUP BY user_id HAVING sum(v) <> 0 ORDER BY user_id`,
    [roomId],
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.net)]));
}
const unpaidOf = async (pool: pg.Pool, roomId: string) =>
  (
    await pool.query<{ id: number; payer_id: number; payee_id: number; amount_minor: number }>(
      `SELECT id, payer_id, payee_id, amount_minor FROM transactions WHERE room_id = $1 AND status = 'unpaid' ORDER BY id`,
      [roomId],
    )
  ).rows;
const payments = async (pool: pg.Pool, amount: AmountColumn) =>
  (
    await pool.query(
      `SELECT id, room_id, payer_id, payee_id, ${amount} AS amount_minor, status, consolidation_id FROM transactions
       WHERE status <> 'unpaid' ORDER BY id`,
    )
  ).rows;

describe('0020: one live ledger from the rounds model', () => {
  it('keeps every room’s nets and brings its unpaid transactions to the fewest transfers', async () => {
    const q = async <R extends pg.QueryResultRow = Record<string, never>>(
      text: string,
      values: unknown[] = [],
    ) => (await t.pool.query<R>(text, values)).rows;
    await before0020(t.pool);
    const [a, b, c] = (
      await q<{ id: number }>(
        `INSERT INTO users (username, email, password_hash, is_email_valid)
         SELECT 'led' || i, 'led' || i || '@example.com', 'x', true FROM generate_series(1, 3) i RETURNING id`,
      )
    ).map((r) => r.id) as [number, number, number];
    const rooms = {
      oneRound: '1a1f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b',
      rounds: '2b2f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b',
      open: '3c3f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b',
      settled: '4d4f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b',
      empty: '5e5f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b',
    };
    for (const id of Object.values(rooms)) {
      await q(
        `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
         VALUES ($1, 'Trip', current_date + 7, '19:00', 'Café Central', 'local:cafe', 'https://maps.example', $2)`,
        [id, a],
      );
      await q(`INSERT INTO room_members (room_id, user_id) VALUES ($1, $2), ($1, $3), ($1, $4)`, [
        id,
        a,
        b,
        c,
      ]);
    }
    const round = async (roomId: string) =>
      (
        await q<{ id: number }>(
          `INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2) RETURNING id`,
          [roomId, a],
        )
      )[0]!.id;
    /** A bill and its shares (minor units), in a round or in the open round (null). */
    const bill = async (roomId: string, owner: number, shares: [number, number][], round: number | null) => {
      const amount = shares.reduce((s, [, m]) => s + m, 0);
      const [row] = await q<{ id: number }>(
        `INSERT INTO bills (room_id, owner_id, created_by, name, amount_cents, consolidation_id)
         VALUES ($1, $2, $2, 'Bill', $3, $4) RETURNING id`,
        [roomId, owner, amount, round],
      );
      for (const [userId, minor] of shares)
        await q(`INSERT INTO bill_shares (bill_id, user_id, amount_minor) VALUES ($1, $2, $3)`, [
          row!.id,
          userId,
          minor,
        ]);
      return row!.id;
    };
    const tx = async (
      roomId: string,
      round: number,
      payer: number,
      payee: number,
      minor: number,
      status: 'unpaid' | 'paid' | 'confirmed',
      events: string[] = [],
    ) => {
      const [row] = await q<{ id: number }>(
        `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents, is_paid, paid_on, status,
           confirmed_on)
         VALUES ($1, $2, $3, $4, $5, $6 <> 'unpaid', CASE WHEN $6 <> 'unpaid' THEN now() END, $6,
           CASE WHEN $6 = 'confirmed' THEN now() END) RETURNING id`,
        [round, roomId, payer, payee, minor, status],
      );
      for (const action of events)
        await q(`INSERT INTO transaction_events (transaction_id, actor_id, action) VALUES ($1, $2, $3)`, [
          row!.id,
          action === 'disputed' || action === 'confirmed' ? payee : payer,
          action,
        ]);
      return row!.id;
    };

    // One round, partly paid: b still owes a 10.00 (kept, same id); c paid.
    const r1 = await round(rooms.oneRound);
    await bill(
      rooms.oneRound,
      a,
      [
        [a, 1000],
        [b, 1000],
        [c, 1000],
      ],
      r1,
    );
    const kept = await tx(rooms.oneRound, r1, b, a, 1000, 'unpaid');
    await tx(rooms.oneRound, r1, c, a, 1000, 'paid', ['settled']);

    // Two rounds and an open one: round 1 confirmed; round 2 with a disputed payment (unpaid again) and a paid one;
    // then a bill nobody consolidated. a owes b 7.00 and c 6.00 over the whole ledger.
    const r2a = await round(rooms.rounds);
    await bill(
      rooms.rounds,
      a,
      [
        [a, 2000],
        [b, 2000],
      ],
      r2a,
    );
    await tx(rooms.rounds, r2a, b, a, 2000, 'confirmed', ['settled', 'confirmed']);
    const r2b = await round(rooms.rounds);
    await bill(
      rooms.rounds,
      b,
      [
        [a, 1000],
        [b, 1000],
        [c, 1000],
      ],
      r2b,
    );
    const disputed = await tx(rooms.rounds, r2b, a, b, 1000, 'unpaid', ['settled', 'disputed']);
    await tx(rooms.rounds, r2b, c, b, 1000, 'paid', ['settled']);
    await bill(
      rooms.rounds,
      c,
      [
        [a, 300],
        [b, 300],
        [c, 300],
      ],
      null,
    );

    // Only an open round: no transactions yet (b owes a 12.34, c owes a 5.00 after 0020).
    await bill(
      rooms.open,
      a,
      [
        [a, 500],
        [b, 1234],
        [c, 500],
      ],
      null,
    );

    // Everything paid: nothing owed, before or after.
    const r4 = await round(rooms.settled);
    await bill(
      rooms.settled,
      a,
      [
        [a, 1000],
        [b, 1000],
      ],
      r4,
    );
    await tx(rooms.settled, r4, b, a, 1000, 'confirmed', ['settled', 'confirmed']);

    const before = new Map<string, Map<number, number>>();
    for (const id of Object.values(rooms)) before.set(id, await nets(t.pool, id, 'amount_cents'));
    const paymentsBefore = await payments(t.pool, 'amount_cents');

    const { applied } = await migrate(t.pool);
    expect(applied.slice(0, 2)).toEqual(['0020_live_ledger.sql', '0021_amount_minor.sql']);

    expect(await q(`SELECT room_id FROM ledger_queue`)).toEqual([]);
    for (const id of Object.values(rooms)) {
      const now = await nets(t.pool, id, 'amount_minor');
      expect(now, id).toEqual(before.get(id));
      const unpaid = await unpaidOf(t.pool, id);
      const pairs = unpaid.map((u) => `${u.payer_id}>${u.payee_id}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      const byPair = (x: { from: number; to: number }, y: { from: number; to: number }) =>
        x.from - y.from || x.to - y.to;
      expect(
        unpaid.map((u) => ({ from: u.payer_id, to: u.payee_id, minor: u.amount_minor })).sort(byPair),
        id,
      ).toEqual(
        settle(now)
          .transfers.map((x) => ({ from: x.from, to: x.to, minor: x.minor }))
          .sort(byPair),
      );
    }
    // The numbers, spelled out.
    expect(await unpaidOf(t.pool, rooms.oneRound)).toEqual([
      { id: kept, payer_id: b, payee_id: a, amount_minor: 1000 },
    ]);
    const two = await unpaidOf(t.pool, rooms.rounds);
    expect(two.map((u) => [u.payer_id, u.payee_id, u.amount_minor]).sort()).toEqual(
      [
        [a, b, 700],
        [a, c, 600],
      ].sort(),
    );
    // The disputed transaction's pair keeps its row, its amount following the ledger.
    expect(two.find((u) => u.payee_id === b)?.id).toBe(disputed);
    expect(
      (await unpaidOf(t.pool, rooms.open)).map((u) => [u.payer_id, u.payee_id, u.amount_minor]).sort(),
    ).toEqual(
      [
        [b, a, 1234],
        [c, a, 500],
      ].sort(),
    );
    expect(await unpaidOf(t.pool, rooms.settled)).toEqual([]);
    expect(await unpaidOf(t.pool, rooms.empty)).toEqual([]);
    // New transfers belong to the room's one 'ledger' consolidation; the rounds stay rounds.
    const kinds = await q<{ room_id: string; kind: string; n: number }>(
      `SELECT room_id, kind, count(*)::int AS n FROM consolidations GROUP BY room_id, kind ORDER BY room_id, kind`,
    );
    expect(kinds).toEqual([
      { room_id: rooms.oneRound, kind: 'round', n: 1 },
      { room_id: rooms.rounds, kind: 'ledger', n: 1 },
      { room_id: rooms.rounds, kind: 'round', n: 2 },
      { room_id: rooms.open, kind: 'ledger', n: 1 },
      { room_id: rooms.settled, kind: 'round', n: 1 },
    ]);
    // Payments are history: untouched.
    expect(await payments(t.pool, 'amount_minor')).toEqual(paymentsBefore);

    // Idempotent: a second run applies nothing and changes nothing.
    const snapshot = await q(`SELECT id, amount_minor, status FROM transactions ORDER BY id`);
    expect((await migrate(t.pool)).applied).toEqual([]);
    expect(await q(`SELECT id, amount_minor, status FROM transactions ORDER BY id`)).toEqual(snapshot);
  });
});
