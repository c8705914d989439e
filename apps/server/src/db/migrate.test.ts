import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { splitBill } from '@outing/ledger';
import { migrate } from './migrate.js';
import { createPool } from './pool.js';

/** Every migration file, in the order they apply. */
const MIGRATIONS = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((f) => /^\d{4}_.+\.sql$/.test(f))
  .sort();

describe('migrations on an empty database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('apply from scratch, then are idempotent', async () => {
    const first = await migrate(t.pool);
    const all = MIGRATIONS;
    expect(first.applied).toEqual(all);
    const second = await migrate(t.pool);
    expect(second.applied).toEqual([]);
    const { rows } = await t.pool.query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows).toEqual(all.map((name) => ({ name })));
  });

  it('create exactly the tables, columns, types and nullability recorded in catalogue.snapshot.txt', async () => {
    // The migrations are the one description of the tables (decision 023: no TypeScript mirror). The catalogue they
    // leave is recorded beside this test, so that a migration changing a table shows in its diff: a change on
    // purpose is recorded with `vitest run -u` (reviewed like any other diff), an accidental one fails here.
    const { rows } = await t.pool.query<{
      table_name: string;
      column_name: string;
      type: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, CASE WHEN data_type = 'ARRAY' THEN udt_name ELSE data_type END AS type,
         is_nullable
       FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
    );
    // Sorted here by code point, whatever the database's collation.
    const key = (r: (typeof rows)[number]) => `${r.table_name}\u0000${r.column_name}`;
    rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const tables = new Map<string, string[]>();
    for (const r of rows) {
      if (!tables.has(r.table_name)) tables.set(r.table_name, []);
      tables
        .get(r.table_name)!
        .push(`  ${r.column_name} ${r.type}${r.is_nullable === 'NO' ? ' not null' : ''}`);
    }
    const catalogue = [...tables].map(([name, columns]) => `${name}\n${columns.join('\n')}\n`).join('\n');
    expect(tables.size).toBeGreaterThan(0);
    await expect(catalogue).toMatchFileSnapshot('./catalogue.snapshot.txt');
  });
});

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

describe('concurrent start-up', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('several instances migrating at once apply each migration exactly once', async () => {
    const pools = [0, 1, 2, 3].map(() => createPool(t.url, 2));
    try {
      const results = await Promise.all(pools.map((p) => migrate(p)));
      expect(results.flatMap((r) => r.applied)).toEqual(MIGRATIONS);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

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
