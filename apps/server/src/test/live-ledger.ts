import { expect } from 'vitest';
import { billResponse, transactionResponse } from '@outing/contract';
import type { TestApp } from './app.js';
import { expectLedgerSettled, ledgerOf, moneyHelpers } from './ledger.js';
import { as } from './rooms.js';
import type { TestUser } from './users.js';

/**
 * The live ledger tests' shorthands (live-ledger*.test.ts) on one test app: moneyHelpers, a bill split equally,
 * a payment recorded, a step on a transaction, and the room's unpaid transactions and nets read straight from the
 * database (test/ledger.ts).
 */
export function liveLedgerHelpers(app: () => TestApp) {
  const { roomOf, people, equal } = moneyHelpers(app);

  const billOf = async (u: TestUser, roomId: string, amount: number, userIds: number[]) => {
    const res = await equal(u, roomId, amount, userIds);
    expect(res.statusCode, res.body).toBe(200);
    return billResponse.parse(res.json()).data;
  };
  const pay = (
    u: TestUser,
    roomId: string,
    payerId: number,
    payeeId: number,
    amount: number,
    note?: string,
  ) =>
    as(app(), u)('POST', '/v1/transactions', { roomId, payerId, payeeId, amount, ...(note ? { note } : {}) });
  const paid = async (u: TestUser, roomId: string, payerId: number, payeeId: number, amount: number) => {
    const res = await pay(u, roomId, payerId, payeeId, amount);
    expect(res.statusCode, res.body).toBe(200);
    return transactionResponse.parse(res.json()).data;
  };
  const step = (u: TestUser, id: number, what: string) =>
    as(app(), u)('PATCH', `/v1/transactions/${id}/${what}`);
  /** The room's unpaid transactions as payer>payee → minor units (checked against the fewest transfers first). */
  const unpaid = async (roomId: string) => {
    const { unpaid: rows } = await expectLedgerSettled(app(), roomId);
    return Object.fromEntries(rows.map((r) => [`${r.from}>${r.to}`, { id: r.id, minor: r.minor }]));
  };
  const netOf = async (roomId: string, userId: number) =>
    (await ledgerOf(app(), roomId)).nets.get(userId) ?? 0;

  return { roomOf, people, billOf, pay, paid, step, unpaid, netOf };
}
