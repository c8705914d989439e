import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesResponse,
  overallBalancesResponse,
  transactionResponse,
  transactionsResponse,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { liveLedgerHelpers } from '../../test/live-ledger.js';
import { as } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/** One live ledger (docs/money.md): a room's unpaid transactions are at every moment its fewest transfers. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, billOf, pay, paid, step, unpaid, netOf } = liveLedgerHelpers(() => t);

describe('payments (POST /v1/transactions)', () => {
  it('a partial payment, then the bill edited: one unpaid transaction per pair, its id kept, amount following', async () => {
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([a, b, c]);
    const bill = await billOf(a, room.id, 30, [a.id, b.id, c.id]);
    const debt = (await unpaid(room.id))[`${b.id}>${a.id}`]!;

    const p = await paid(b, room.id, b.id, a.id, 4);
    expect(p).toMatchObject({ status: 'paid', isPaid: true, amount: 4, payerId: b.id, payeeId: a.id });
    expect(p.id).not.toBe(debt.id);
    expect((await unpaid(room.id))[`${b.id}>${a.id}`]).toEqual({ id: debt.id, minor: 600 });
    expect(await netOf(room.id, b.id)).toBe(-600);

    // The bill grows after the payment: the payment still counts, the debt follows.
    expect((await as(t, a)('PATCH', `/v1/bills/${bill.id}`, { amount: 60 })).statusCode).toBe(200);
    expect((await unpaid(room.id))[`${b.id}>${a.id}`]).toEqual({ id: debt.id, minor: 1600 });
    // The bill shrinks below what b paid (3.00 each): b is owed 1.00, a 2.00, both by c; b's debt row is gone.
    expect((await as(t, a)('PATCH', `/v1/bills/${bill.id}`, { amount: 9 })).statusCode).toBe(200);
    const turned = await unpaid(room.id);
    expect(Object.fromEntries(Object.entries(turned).map(([k, v]) => [k, v.minor]))).toEqual({
      [`${c.id}>${a.id}`]: 200,
      [`${c.id}>${b.id}`]: 100,
    });
    expect(await netOf(room.id, b.id)).toBe(100);
    expect((await as(t, b)('GET', `/v1/transactions/${debt.id}`)).statusCode).toBe(404);
    // The payment is history, kept whatever the bills do.
    expect(
      transactionResponse.parse((await as(t, b)('GET', `/v1/transactions/${p.id}`)).json()).data,
    ).toMatchObject({ status: 'paid', amount: 4 });
  }, 60_000);

  it('paying more than owed turns the debt around', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([a, b]);
    await billOf(a, room.id, 20, [a.id, b.id]);
    const debt = (await unpaid(room.id))[`${b.id}>${a.id}`]!;
    expect(debt.minor).toBe(1000);
    await paid(b, room.id, b.id, a.id, 15);
    const after = await unpaid(room.id);
    expect(Object.keys(after)).toEqual([`${a.id}>${b.id}`]);
    expect(after[`${a.id}>${b.id}`]!.minor).toBe(500);
    const bal = balancesResponse.parse((await as(t, a)('GET', `/v1/rooms/${room.id}/balances`)).json()).data;
    expect(bal.members.find((m) => m.userId === b.id)).toMatchObject({
      paid: 0,
      owes: 10,
      sent: 15,
      received: 0,
      net: 5,
    });
    expect(bal.members.find((m) => m.userId === a.id)).toMatchObject({
      paid: 20,
      owes: 10,
      sent: 0,
      received: 15,
      net: -5,
    });
    expect(bal.transfers).toEqual([
      expect.objectContaining({
        payerId: a.id,
        payeeId: b.id,
        amount: 5,
        transactionId: after[`${a.id}>${b.id}`]!.id,
      }),
    ]);
  }, 60_000);

  it('by the payee it is confirmed at once and tells the payer; by the payer it asks the payee to confirm', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([a, b]);
    await billOf(a, room.id, 20, [a.id, b.id]);
    const received = await paid(a, room.id, b.id, a.id, 3);
    expect(received).toMatchObject({ status: 'confirmed', isPaid: true, payerId: b.id, payeeId: a.id });
    expect(received.confirmedOn).not.toBeNull();
    expect((await unpaid(room.id))[`${b.id}>${a.id}`]!.minor).toBe(700);
    // Already confirmed: nothing left for the payee to confirm.
    expect((await step(a, received.id, 'confirm')).statusCode).toBe(409);

    const sent = await paid(b, room.id, b.id, a.id, 2);
    expect(sent.status).toBe('paid');
    const kinds = async (u: TestUser) =>
      (
        await t.database.pool.query<{ kind: string; title: string }>(
          'SELECT kind, title FROM notifications WHERE user_id = $1 ORDER BY id',
          [u.id],
        )
      ).rows;
    expect((await kinds(b)).filter((n) => n.kind.startsWith('transaction_'))).toEqual([
      { kind: 'transaction_confirmed', title: 'Payment received' },
    ]);
    expect((await kinds(a)).filter((n) => n.kind.startsWith('transaction_'))).toEqual([
      { kind: 'transaction_paid', title: 'Payment to confirm' },
    ]);
    expect((await unpaid(room.id))[`${b.id}>${a.id}`]!.minor).toBe(500);
  }, 60_000);

  it('a disputed or undone payment leaves the ledger at once; the pair keeps one unpaid transaction', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([a, b]);
    await billOf(a, room.id, 20, [a.id, b.id]);
    const debt = (await unpaid(room.id))[`${b.id}>${a.id}`]!;

    // The debt itself settled, then disputed: it is owed again, the same transaction.
    expect((await step(b, debt.id, 'settle')).statusCode).toBe(200);
    expect(await unpaid(room.id)).toEqual({});
    const disputed = await step(a, debt.id, 'dispute');
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(transactionResponse.parse(disputed.json()).data).toMatchObject({
      id: debt.id,
      status: 'unpaid',
      amount: 10,
    });
    expect(await unpaid(room.id)).toEqual({ [`${b.id}>${a.id}`]: { id: debt.id, minor: 1000 } });

    // A payment recorded next to the debt, then disputed: the pair's row carries the whole debt again.
    const p = await paid(b, room.id, b.id, a.id, 4);
    expect(await unpaid(room.id)).toEqual({ [`${b.id}>${a.id}`]: { id: debt.id, minor: 600 } });
    const answer = await step(a, p.id, 'dispute');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(transactionResponse.parse(answer.json()).data).toMatchObject({
      id: debt.id,
      status: 'unpaid',
      amount: 10,
    });
    expect(await unpaid(room.id)).toEqual({ [`${b.id}>${a.id}`]: { id: debt.id, minor: 1000 } });
    expect((await as(t, b)('GET', `/v1/transactions/${p.id}`)).statusCode).toBe(404);

    // The same for an undo by the payer.
    const q = await paid(b, room.id, b.id, a.id, 7);
    expect(await unpaid(room.id)).toEqual({ [`${b.id}>${a.id}`]: { id: debt.id, minor: 300 } });
    const undone = await step(b, q.id, 'undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(transactionResponse.parse(undone.json()).data).toMatchObject({
      id: debt.id,
      status: 'unpaid',
      amount: 10,
    });
    expect(await unpaid(room.id)).toEqual({ [`${b.id}>${a.id}`]: { id: debt.id, minor: 1000 } });
    expect(await netOf(room.id, b.id)).toBe(-1000);
  }, 60_000);

  it('GET /balances is the sum, per person, of the rooms’ transfers', async () => {
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const one = await roomOf([a, b, c]);
    const two = await roomOf([b, a, c]);
    await billOf(a, one.id, 30, [a.id, b.id, c.id]);
    await billOf(c, one.id, 12, [b.id, c.id]);
    await billOf(b, two.id, 9, [a.id, b.id, c.id]);
    await paid(b, one.id, b.id, a.id, 2.5);
    const transfers = async (roomId: string) =>
      balancesResponse.parse((await as(t, b)('GET', `/v1/rooms/${roomId}/balances`)).json()).data.transfers;
    const expected = new Map<number, number>();
    for (const roomId of [one.id, two.id]) {
      const ids = Object.values(await unpaid(roomId)).map((u) => u.id);
      const tr = await transfers(roomId);
      expect(tr.map((x) => x.transactionId).sort()).toEqual(ids.sort());
      for (const x of tr) {
        if (x.payerId === b.id) expected.set(x.payeeId, (expected.get(x.payeeId) ?? 0) - x.amount);
        if (x.payeeId === b.id) expected.set(x.payerId, (expected.get(x.payerId) ?? 0) + x.amount);
      }
    }
    const overall = overallBalancesResponse.parse((await as(t, b)('GET', '/v1/balances')).json()).data;
    const minor = (v: number) => Math.round(v * 100);
    const got = new Map(overall.people.map((p) => [p.userId, minor(p.net)]));
    // b owes a 13.50 in one and is owed 3.00 by a in two; c owes b 3.00 in two.
    expect(got).toEqual(
      new Map([
        [a.id, -1050],
        [c.id, 300],
      ]),
    );
    expect(got).toEqual(new Map([...expected].map(([k, v]) => [k, minor(v)])));
    const owe = [...expected.values()].filter((v) => v < 0).reduce((s, v) => s - v, 0);
    const owed = [...expected.values()].filter((v) => v > 0).reduce((s, v) => s + v, 0);
    // To pay and To receive sum the transactions room by room: b owes a in one and is owed by a in two, so they
    // are more than the nets (13.50 to pay against 10.50 owed to a).
    const side = async (role: string) => {
      const res = await as(t, b)('GET', `/v1/transactions?isPaid=false&role=${role}`);
      expect(res.statusCode, res.body).toBe(200);
      return transactionsResponse.parse(res.json()).data;
    };
    const toPay = await side('payer');
    const toReceive = await side('payee');
    expect(toPay.length).toBeGreaterThan(0);
    expect(toPay.every((x) => x.payerId === b.id && !x.isPaid)).toBe(true);
    expect(toReceive.every((x) => x.payeeId === b.id && !x.isPaid)).toBe(true);
    const all = await as(t, b)('GET', '/v1/transactions?isPaid=false');
    expect(transactionsResponse.parse(all.json()).data.length).toBe(toPay.length + toReceive.length);
    const sum = (list: { amount: number }[]) => list.reduce((s, x) => s + minor(x.amount), 0);
    expect(sum(toPay)).toBe(1350);
    expect(sum(toReceive)).toBe(600);
    expect(overall.totals).toEqual([
      {
        currency: one.currency,
        owe: expect.closeTo(owe, 9),
        owed: expect.closeTo(owed, 9),
        toPay: expect.closeTo(sum(toPay) / 100, 9),
        toReceive: expect.closeTo(sum(toReceive) / 100, 9),
      },
    ]);
    // One side a page at a time; a role that is not one: 400 naming it.
    const page = await as(t, b)('GET', '/v1/transactions?isPaid=false&role=payee&limit=1');
    expect(page.json()).toMatchObject({ data: [{ payeeId: b.id }], nextCursor: expect.any(String) });
    const bad = await as(t, b)('GET', '/v1/transactions?role=owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role must be payer or payee');
  }, 60_000);

  it('who may record what: 403, 404 and 400', async () => {
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const stranger = await createUser(t);
    const room = await roomOf([a, b, c]);
    await billOf(a, room.id, 30, [a.id, b.id, c.id]);
    const before = await unpaid(room.id);
    // Neither side of it.
    expect((await pay(c, room.id, b.id, a.id, 1)).statusCode).toBe(403);
    // Not a member of the room.
    const outsider = await pay(stranger, room.id, stranger.id, a.id, 1);
    expect(outsider.statusCode).toBe(403);
    // The other side is not a member.
    expect((await pay(a, room.id, a.id, stranger.id, 1)).statusCode).toBe(400);
    expect((await pay(a, room.id, stranger.id, a.id, 1)).statusCode).toBe(400);
    // Oneself.
    expect((await pay(b, room.id, b.id, b.id, 1)).statusCode).toBe(400);
    // No amount.
    expect((await pay(b, room.id, b.id, a.id, 0)).statusCode).toBe(400);
    expect((await pay(b, room.id, b.id, a.id, -5)).statusCode).toBe(400);
    // No such room.
    expect((await pay(b, '6b1f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b', b.id, a.id, 1)).statusCode).toBe(404);
    expect(await unpaid(room.id)).toEqual(before);
    const { rows } = await t.database.pool.query(
      `SELECT 1 FROM transactions WHERE room_id = $1 AND status <> 'unpaid'`,
      [room.id],
    );
    expect(rows).toHaveLength(0);
  }, 60_000);
});
