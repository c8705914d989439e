import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectLedgerSettled, moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/** POST /v1/users/{id}/settle (self): pays one person across the rooms of a currency, oldest room first. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, equal } = moneyHelpers(() => t);

/** b owes a: 10.00 in `newer`, 6.00 in `older` (made older straight in the database), 5.00 in a EUR room. */
async function debts() {
  const [a, b] = (await people(2)) as [TestUser, TestUser];
  const newer = await roomOf([a, b]);
  const older = await roomOf([a, b]);
  const euros = await roomOf([a, b], { currency: 'EUR' });
  await t.database.pool.query(`UPDATE rooms SET created_at = now() - interval '1 day' WHERE id = $1`, [
    older.id,
  ]);
  for (const [roomId, amount] of [
    [newer.id, 20],
    [older.id, 12],
    [euros.id, 10],
  ] as const) {
    const res = await equal(a, roomId, amount, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    billResponse.parse(res.json());
  }
  return { a, b, newer, older, euros };
}
const settleWith = (u: TestUser, userId: number, body: Record<string, unknown>) =>
  as(t, u)('POST', `/v1/users/${u.id}/settle`, { userId, ...body });
const owed = async (roomId: string, from: number, to: number) =>
  (await expectLedgerSettled(t, roomId)).unpaid.find((u) => u.from === from && u.to === to)?.minor ?? 0;
const payments = async (payerId: number) =>
  (
    await t.database.pool.query<{ room_id: string; amount_minor: number; status: string; note: string }>(
      `SELECT room_id, amount_minor, status, note FROM transactions WHERE payer_id = $1 AND status <> 'unpaid' ORDER BY id`,
      [payerId],
    )
  ).rows;

describe('settling with a person', () => {
  it('pays the oldest room first, each up to what is owed there; the other currency is untouched', async () => {
    const { a, b, newer, older, euros } = await debts();
    const res = await settleWith(b, a.id, { currency: 'USD', amount: 7, note: 'bank transfer' });
    expect(res.statusCode, res.body).toBe(200);
    const made = transactionsResponse.parse(res.json()).data;
    expect(made.map((m) => [m.roomId, m.amount, m.status, m.payerId, m.payeeId]).sort()).toEqual(
      [
        [older.id, 6, 'paid', b.id, a.id],
        [newer.id, 1, 'paid', b.id, a.id],
      ].sort(),
    );
    expect(made.every((m) => m.note === 'bank transfer')).toBe(true);
    expect(await owed(older.id, b.id, a.id)).toBe(0);
    expect(await owed(newer.id, b.id, a.id)).toBe(900);
    expect(await owed(euros.id, b.id, a.id)).toBe(500);
    // The payee is asked to confirm each payment, once.
    const { rows } = await t.database.pool.query(
      `SELECT title FROM notifications WHERE user_id = $1 AND kind = 'transaction_paid'`,
      [a.id],
    );
    expect(rows).toEqual([{ title: 'Payment to confirm' }, { title: 'Payment to confirm' }]);
  }, 60_000);

  it('a partial amount stops in the oldest room', async () => {
    const { a, b, newer, older } = await debts();
    const made = transactionsResponse.parse(
      (await settleWith(b, a.id, { currency: 'USD', amount: 2.5 })).json(),
    ).data;
    expect(made.map((m) => [m.roomId, m.amount])).toEqual([[older.id, 2.5]]);
    expect(await owed(older.id, b.id, a.id)).toBe(350);
    expect(await owed(newer.id, b.id, a.id)).toBe(1000);
  }, 60_000);

  it('more than owed in that currency is a 400 and pays nothing; so is nothing owed, or oneself', async () => {
    const { a, b, newer, older, euros } = await debts();
    const tooMuch = await settleWith(b, a.id, { currency: 'USD', amount: 16.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('That is more than you owe them: $16.00 in all.');
    // a owes b nothing.
    expect((await settleWith(a, b.id, { currency: 'USD', amount: 1 })).statusCode).toBe(400);
    // Nothing owed in that currency.
    expect((await settleWith(b, a.id, { currency: 'GBP', amount: 1 })).statusCode).toBe(400);
    expect((await settleWith(b, b.id, { currency: 'USD', amount: 1 })).statusCode).toBe(400);
    // A code that is no currency is a 400 on the field, not a server error (the contract fuzzer found it).
    const unknown = await settleWith(b, a.id, { currency: 'VIT', amount: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([expect.objectContaining({ path: 'currency' })]);
    expect(await payments(b.id)).toEqual([]);
    expect(await payments(a.id)).toEqual([]);
    // Exactly all of it is fine: everything in USD settled, EUR untouched.
    const all = await settleWith(b, a.id, { currency: 'USD', amount: 16 });
    expect(all.statusCode, all.body).toBe(200);
    expect(await owed(older.id, b.id, a.id)).toBe(0);
    expect(await owed(newer.id, b.id, a.id)).toBe(0);
    expect(await owed(euros.id, b.id, a.id)).toBe(500);
  }, 60_000);

  it('someone else’s debts are a 403', async () => {
    const { a, b } = await debts();
    const res = await as(t, a)('POST', `/v1/users/${b.id}/settle`, {
      userId: a.id,
      currency: 'USD',
      amount: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(await payments(b.id)).toEqual([]);
  }, 60_000);
});
