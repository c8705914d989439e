import { expect } from 'vitest';
import { settle } from '@outing/ledger';
import { as, createRoom } from './rooms.js';
import { createUser, type TestUser } from './users.js';
import type { TestApp } from './app.js';

/** Every bill whose stored shares do not add up to its amount. */
export async function billsNotAddingUp(t: TestApp, roomId: string) {
  const { rows } = await t.database.pool.query<{ id: number }>(
    `SELECT b.id FROM bills b LEFT JOIN bill_shares s ON s.bill_id = b.id WHERE b.room_id = $1
     GROUP BY b.id HAVING COALESCE(sum(s.amount_minor), 0) <> b.amount_minor`,
    [roomId],
  );
  return rows;
}

/** The money tests' shorthands on one test app: people, a room of them (the first hosts), an equal bill. */
export function moneyHelpers(app: () => TestApp) {
  const roomOf = async (people: TestUser[], overrides: Record<string, unknown> = {}) => {
    const t = app();
    const [host, ...others] = people;
    const { room } = await createRoom(t, host!, overrides);
    for (const p of others)
      expect((await as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    return room;
  };
  const people = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(app())));
  const equal = (u: TestUser, roomId: string, amount: number, userIds: number[], name = 'Dinner') =>
    as(app(), u)('POST', '/v1/bills', { name, roomId, amount, split: { mode: 'equal', userIds } });
  return { roomOf, people, equal };
}

/**
 * A room's whole ledger (docs/money.md), read straight from the database: per person net = paid (live bills: each
 * payer's amount of a bill with several, else the owner's whole amount) −
 * owes (their shares of live bills) + sent − received (payments: transactions paid or confirmed), in minor units;
 * and the room's unpaid transactions. Computed here on its own, not with the server's ledger.ts.
 */
export async function ledgerOf(t: TestApp, roomId: string) {
  const { rows } = await t.database.pool.query<{ user_id: number; net: string }>(
    `SELECT user_id, sum(v)::text AS net FROM (
       SELECT b.owner_id AS user_id, b.amount_minor::bigint AS v FROM bills b
         WHERE b.room_id = $1 AND b.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM bill_paid_by p WHERE p.bill_id = b.id)
       UNION ALL SELECT p.user_id, p.amount_minor FROM bill_paid_by p JOIN bills b ON b.id = p.bill_id
         WHERE b.room_id = $1 AND b.deleted_at IS NULL
       UNION ALL SELECT s.user_id, -s.amount_minor FROM bill_shares s JOIN bills b ON b.id = s.bill_id
         WHERE b.room_id = $1 AND b.deleted_at IS NULL
       UNION ALL SELECT payer_id, amount_minor FROM transactions WHERE room_id = $1 AND status <> 'unpaid'
       UNION ALL SELECT payee_id, -amount_minor FROM transactions WHERE room_id = $1 AND status <> 'unpaid'
     ) x GROUP BY user_id`,
    [roomId],
  );
  const nets = new Map(rows.map((r) => [r.user_id, Number(r.net)]));
  const unpaid = (
    await t.database.pool.query<{ id: number; payer_id: number; payee_id: number; amount_minor: number }>(
      `SELECT id, payer_id, payee_id, amount_minor FROM transactions WHERE room_id = $1 AND status = 'unpaid'
       ORDER BY id`,
      [roomId],
    )
  ).rows.map((r) => ({ id: r.id, from: r.payer_id, to: r.payee_id, minor: r.amount_minor }));
  return { nets, unpaid };
}

/**
 * The live ledger's rule: the nets add up to zero, no pair has two unpaid transactions, and the room's unpaid
 * transactions are exactly the fewest transfers that settle the nets (packages/ledger `settle`). Returns the
 * ledger for further checks.
 */
export async function expectLedgerSettled(t: TestApp, roomId: string) {
  const ledger = await ledgerOf(t, roomId);
  expect([...ledger.nets.values()].reduce((a, b) => a + b, 0)).toBe(0);
  const pairs = ledger.unpaid.map((u) => `${u.from}>${u.to}`);
  expect(new Set(pairs).size, `two unpaid transactions for one pair: ${pairs.join(' ')}`).toBe(pairs.length);
  const byPair = (a: { from: number; to: number }, b: { from: number; to: number }) =>
    a.from - b.from || a.to - b.to;
  const expected = settle(ledger.nets)
    .transfers.map((x) => ({ from: x.from, to: x.to, minor: x.minor }))
    .sort(byPair);
  expect(ledger.unpaid.map(({ from, to, minor }) => ({ from, to, minor })).sort(byPair)).toEqual(expected);
  return ledger;
}
