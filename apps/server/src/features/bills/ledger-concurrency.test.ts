import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesResponse, billResponse, transactionResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billsNotAddingUp, expectLedgerSettled, moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/**
 * One live ledger under concurrency, against real PostgreSQL: whatever order parallel bill edits, creates,
 * deletes, payments, disputes and undos take, the room's unpaid transactions end as exactly the fewest transfers
 * of its ledger, one per pair, and the nets add up to zero (no cent lost or doubled).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, equal } = moneyHelpers(() => t);

describe('concurrency: the live ledger', () => {
  it('20 parallel edits, creates, deletes, payments, disputes and undos in one room', async () => {
    const team = (await people(4)) as [TestUser, TestUser, TestUser, TestUser];
    const [a, b, c, d] = team;
    const ids = team.map((u) => u.id);
    const room = await roomOf(team);
    const bills = [];
    for (const [u, amount] of [
      [a, 40],
      [b, 25.5],
      [c, 17.25],
      [d, 9.99],
      [a, 13],
      [b, 7.77],
    ] as const) {
      const res = await equal(u, room.id, amount, ids);
      expect(res.statusCode, res.body).toBe(200);
      bills.push(billResponse.parse(res.json()).data);
    }
    const pay = (u: TestUser, payer: TestUser, payee: TestUser, amount: number) =>
      as(t, u)('POST', '/v1/transactions', { roomId: room.id, payerId: payer.id, payeeId: payee.id, amount });
    const paid = async (payer: TestUser, payee: TestUser, amount: number) => {
      const res = await pay(payer, payer, payee, amount);
      expect(res.statusCode, res.body).toBe(200);
      return transactionResponse.parse(res.json()).data;
    };
    // Payments to dispute (by their payee) and to undo (by their payer) while everything else goes on.
    const toDispute = [
      await paid(b, a, 3),
      await paid(c, a, 4.5),
      await paid(d, b, 2),
      await paid(c, b, 1.1),
    ];
    const toUndo = [await paid(d, a, 5), await paid(b, c, 2.2), await paid(a, d, 0.5), await paid(c, d, 6)];
    await expectLedgerSettled(t, room.id);

    const byId = new Map(team.map((u) => [u.id, u]));
    const ops = [
      as(t, a)('PATCH', `/v1/bills/${bills[0]!.id}`, { amount: 55.55 }),
      as(t, b)('PATCH', `/v1/bills/${bills[1]!.id}`, {
        amount: 3.01,
        split: { mode: 'equal', userIds: [a.id, b.id] },
      }),
      as(t, a)('PATCH', `/v1/bills/${bills[2]!.id}`, { paidBy: d.id }), // the host
      as(t, d)('PATCH', `/v1/bills/${bills[3]!.id}`, { amount: 99.99 }),
      as(t, a)('DELETE', `/v1/bills/${bills[4]!.id}`),
      as(t, b)('DELETE', `/v1/bills/${bills[5]!.id}`),
      equal(c, room.id, 12.34, [b.id, c.id, d.id], 'Taxi'),
      equal(d, room.id, 70, ids, 'Hotel'),
      pay(b, b, a, 11),
      pay(a, d, a, 7.5), // the payee records it received
      pay(c, c, d, 30), // more than owed: turns around
      pay(d, b, d, 1.23),
      ...toDispute.map((p) => as(t, byId.get(p.payeeId)!)('PATCH', `/v1/transactions/${p.id}/dispute`)),
      ...toUndo.map((p) => as(t, byId.get(p.payerId)!)('PATCH', `/v1/transactions/${p.id}/undo`)),
    ];
    expect(ops).toHaveLength(20);
    const answers = await Promise.all(ops);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const ledger = await expectLedgerSettled(t, room.id);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    // Every disputed or undone payment left the ledger: none is paid or confirmed any more.
    const { rows: left } = await t.database.pool.query(
      `SELECT id FROM transactions WHERE id = ANY($1::int[]) AND status <> 'unpaid'`,
      [[...toDispute, ...toUndo].map((p) => p.id)],
    );
    expect(left).toEqual([]);
    // What the room answers is the same ledger.
    const bal = balancesResponse.parse((await as(t, c)('GET', `/v1/rooms/${room.id}/balances`)).json()).data;
    expect(bal.transfers.map((x) => x.transactionId).sort()).toEqual(ledger.unpaid.map((u) => u.id).sort());
    for (const m of bal.members) expect(Math.round(m.net * 100)).toBe(ledger.nets.get(m.userId) ?? 0);

    // A second wave on the ledger the first one left: settling the unpaid rows while bills change.
    const wave = [
      ...ledger.unpaid.map((u) => as(t, byId.get(u.from)!)('PATCH', `/v1/transactions/${u.id}/settle`)),
      as(t, a)('PATCH', `/v1/bills/${bills[0]!.id}`, { amount: 1 }),
      as(t, a)('POST', `/v1/bills/${bills[4]!.id}/restore`),
      equal(b, room.id, 8.88, [a.id, d.id], 'Snacks'),
    ];
    // A settle may find its row gone or changed by a bill change that went first (404, or 409 when it went between the read and the lock) — never anything else.
    for (const res of await Promise.all(wave)) expect([200, 404, 409], res.body).toContain(res.statusCode);
    await expectLedgerSettled(t, room.id);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
  }, 60_000);
});
