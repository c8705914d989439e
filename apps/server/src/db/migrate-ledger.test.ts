import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { splitBill } from '@outing/ledger';
import { migrate } from './migrate.js';

/** Migration 0003 on a database 0001 and 0002 left with bills and transactions. */

describe('0003: the ledger', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('keeps every bill and transaction, gives rooms USD and reads old bills as their equal splits', async () => {
    for (const file of ['0001_initial.sql', '0002_room_member_count.sql'])
      await t.pool.query(await readFile(new URL(`./migrations/${file}`, import.meta.url), 'utf8'));
    await t.pool.query(
      `CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       INSERT INTO schema_migrations (name) VALUES ('0001_initial.sql'), ('0002_room_member_count.sql')`,
    );
    const { rows: users } = await t.pool.query<{ id: number }>(
      `INSERT INTO users (username, email) SELECT 'user' || i, 'user' || i || '@example.com' FROM generate_series(1, 5) i
       RETURNING id`,
    );
    const ids = users.map((u) => u.id);
    const room = '00000000-0000-4000-8000-000000000001';
    await t.pool.query(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
       VALUES ($1, 'R', '2030-01-01', '19:30', 'v', 'local:v', 'https://maps.example', $2)`,
      [room, ids[0]],
    );
    await t.pool.query(
      `INSERT INTO room_members (room_id, user_id) SELECT $1::uuid, u FROM unnest($2::int[]) u`,
      [room, ids],
    );
    // Bills of every shape the original client made: with and without the owner, odd cents, a cent among three.
    const shapes: [owner: number, minor: number, includeOwner: boolean, payers: number[]][] = [
      [ids[0]!, 1000, true, [ids[1]!, ids[2]!]],
      [ids[1]!, 1001, false, [ids[0]!, ids[2]!, ids[3]!]],
      [ids[2]!, 1, true, [ids[0]!, ids[4]!]],
      [ids[3]!, 99_999_999, true, [ids[0]!, ids[1]!, ids[2]!, ids[4]!]],
      [ids[4]!, 7, false, [ids[3]!]],
    ];
    const billIds: number[] = [];
    for (const [owner, minor, includeOwner, payers] of shapes) {
      const { rows } = await t.pool.query<{ id: number }>(
        `INSERT INTO bills (room_id, owner_id, name, amount_cents, include_owner) VALUES ($1, $2, 'b', $3, $4) RETURNING id`,
        [room, owner, minor, includeOwner],
      );
      billIds.push(rows[0]!.id);
      await t.pool.query(`INSERT INTO bill_payers (bill_id, user_id) SELECT $1, u FROM unnest($2::int[]) u`, [
        rows[0]!.id,
        payers,
      ]);
    }
    const { rows: c } = await t.pool.query<{ id: number }>(
      `INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2) RETURNING id`,
      [room, ids[0]],
    );
    await t.pool.query(`UPDATE bills SET consolidation_id = $1 WHERE id = $2`, [c[0]!.id, billIds[0]]);
    // Paid: a payment is history that every later migration keeps as it is (0020 recomputes only the unpaid ones,
    // the room's fewest transfers).
    await t.pool.query(
      `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents, is_paid, paid_on)
       VALUES ($1, $2, $3, $4, 333, true, now())`,
      [c[0]!.id, room, ids[1], ids[0]],
    );

    expect((await migrate(t.pool)).applied[0]).toBe('0003_ledger.sql');
    const { rows: rooms } = await t.pool.query('SELECT currency FROM rooms');
    expect(rooms).toEqual([{ currency: 'USD' }]);
    const { rows: bills } = await t.pool.query<{
      id: number;
      created_by: number;
      owner_id: number;
      split: null;
    }>('SELECT id, created_by, owner_id, split FROM bills ORDER BY id');
    expect(bills.every((b) => b.created_by === b.owner_id && b.split === null)).toBe(true);
    for (const [i, [owner, minor, includeOwner, payers]] of shapes.entries()) {
      const billId = billIds[i]!;
      const expected = splitBill({
        billId,
        totalMinor: minor,
        ownerId: owner,
        payerIds: payers,
        includeOwner,
      });
      const { rows } = await t.pool.query<{ user_id: number; amount_minor: number }>(
        'SELECT user_id, amount_minor FROM bill_shares WHERE bill_id = $1 ORDER BY user_id',
        [billId],
      );
      expect(new Map(rows.map((r) => [r.user_id, r.amount_minor])), `bill ${i}`).toEqual(expected);
    }
    const { rows: tx } = await t.pool.query(
      'SELECT amount_minor, consolidation_id FROM transactions WHERE is_paid',
    );
    expect(tx).toEqual([{ amount_minor: 333, consolidation_id: c[0]!.id }]);
    // A room may now have a second round.
    await t.pool.query(`INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2)`, [room, ids[0]]);
  });
});
