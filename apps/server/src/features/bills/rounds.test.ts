import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesResponse, roundsResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billsNotAddingUp, expectLedgerSettled, moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import { connect, settle } from '../../test/sockets.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const { roomOf, people, equal } = moneyHelpers(() => t);
const balances = async (u: TestUser, roomId: string) =>
  balancesResponse.parse((await as(t, u)('GET', `/v1/rooms/${roomId}/balances`)).json()).data;

describe('GET /v1/rooms/{id}/balances', () => {
  it('any member sees what each paid, owes, sent, received and nets, and the fewest transfers with their transactions', async () => {
    const [ann, ben, cat, dan] = await people(4);
    const room = await roomOf([ann!, ben!, cat!, dan!], { currency: 'EUR' });
    const empty = await balances(dan!, room.id);
    expect(empty.currency).toBe('EUR');
    expect(empty.transfers).toEqual([]);
    expect(empty.members.map((m) => m.net)).toEqual([0, 0, 0, 0]);

    await equal(ann!, room.id, 30, [ann!.id, ben!.id, cat!.id]); // ann +20, ben −10, cat −10
    await equal(ben!, room.id, 12, [ann!.id]); // ben +12, ann −12
    const b = await balances(dan!, room.id);
    const byUser = Object.fromEntries(b.members.map((m) => [m.userId, m]));
    const none = { sent: 0, received: 0 };
    expect(byUser[ann!.id]).toEqual({ userId: ann!.id, paid: 30, owes: 22, net: 8, ...none });
    expect(byUser[ben!.id]).toEqual({ userId: ben!.id, paid: 12, owes: 10, net: 2, ...none });
    expect(byUser[cat!.id]).toEqual({ userId: cat!.id, paid: 0, owes: 10, net: -10, ...none });
    expect(byUser[dan!.id]).toEqual({ userId: dan!.id, paid: 0, owes: 0, net: 0, ...none });
    expect(b.members.reduce((s, m) => s + Math.round(m.net * 100), 0)).toBe(0);
    expect(b.transfers.map((x) => [x.payerId, x.payeeId, x.amount])).toEqual(
      [
        [cat!.id, ann!.id, 8],
        [cat!.id, ben!.id, 2],
      ].sort((x, y) => x[1]! - y[1]!),
    );
    // Each transfer is carried by the room's unpaid transaction for that pair (one live ledger).
    const { unpaid } = await expectLedgerSettled(t, room.id);
    expect(b.transfers.map((x) => x.transactionId).sort()).toEqual(unpaid.map((u) => u.id).sort());
    // Its size follows the members, not the room's history: no bill's shares in it (they are in the bills' answers).
    expect(b).not.toHaveProperty('bills');
    expect(b.transfers.every((x) => !('bills' in x))).toBe(true);
    // A payment is in the ledger at once: cat pays ann 8, ann's and cat's sent/received and nets follow.
    const paid = await as(t, cat!)('POST', '/v1/transactions', {
      roomId: room.id,
      payerId: cat!.id,
      payeeId: ann!.id,
      amount: 8,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = Object.fromEntries((await balances(dan!, room.id)).members.map((m) => [m.userId, m]));
    expect(after[ann!.id]).toEqual({ userId: ann!.id, paid: 30, owes: 22, sent: 0, received: 8, net: 0 });
    expect(after[cat!.id]).toEqual({ userId: cat!.id, paid: 0, owes: 10, sent: 8, received: 0, net: -2 });
    expect((await balances(dan!, room.id)).transfers.map((x) => [x.payerId, x.payeeId, x.amount])).toEqual([
      [cat!.id, ben!.id, 2],
    ]);

    const outsider = await createUser(t);
    expect((await as(t, outsider)('GET', `/v1/rooms/${room.id}/balances`)).statusCode).toBe(403);
    expect(
      (await as(t, ann!)('GET', '/v1/rooms/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11/balances')).statusCode,
    ).toBe(404);
  });
});

describe('rounds (docs/api/README.md#rounds)', () => {
  it('consolidate, add the forgotten taxi, consolidate again; both rounds stay visible', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    await equal(ann!, room.id, 30, [ann!.id, ben!.id, cat!.id]);
    const first = transactionsResponse.parse(
      (await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
    ).data;
    expect(first).toHaveLength(2);
    const isConsolidated = async () =>
      (await as(t, ann!)('GET', `/v1/bills/consolidate/${room.id}`)).json().data.isConsolidated as boolean;
    expect(await isConsolidated()).toBe(true);
    // The answer is the room's unpaid transactions: the whole ledger's fewest transfers, which stay live.
    const transfersNow = async () =>
      (await balances(ben!, room.id)).transfers
        .map((x) => [x.payerId, x.payeeId, x.amount, x.transactionId])
        .sort();
    expect(await transfersNow()).toEqual(first.map((x) => [x.payerId, x.payeeId, x.amount, x.id]).sort());

    // Nothing is frozen: the forgotten taxi joins the same debts (ids kept, amounts following).
    const taxi = await equal(cat!, room.id, 9, [ann!.id, ben!.id, cat!.id], 'Taxi');
    expect(taxi.statusCode, taxi.body).toBe(200);
    const debtOf = (u: TestUser) => first.find((x) => x.payerId === u.id)!.id;
    expect(await transfersNow()).toEqual(
      [
        [ben!.id, ann!.id, 13, debtOf(ben!)],
        [cat!.id, ann!.id, 4, debtOf(cat!)],
      ].sort(),
    );
    expect(await isConsolidated()).toBe(false);
    const second = transactionsResponse.parse(
      (await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
    ).data;
    expect(second.map((x) => [x.payerId, x.amount, x.id]).sort()).toEqual(
      [
        [ben!.id, 13, debtOf(ben!)],
        [cat!.id, 4, debtOf(cat!)],
      ].sort(),
    );
    expect(await isConsolidated()).toBe(true);
    // A third call is fine too (nothing new): the same unpaid transactions.
    const third = await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect(third.statusCode, third.body).toBe(200);
    expect(
      transactionsResponse
        .parse(third.json())
        .data.map((x) => x.id)
        .sort(),
    ).toEqual(second.map((x) => x.id).sort());
    // Each payer is told what they owe now, at each Settle up.
    const { rows: told } = await t.database.pool.query(
      `SELECT user_id, content FROM notifications WHERE kind = 'bills_consolidated' AND room_id = $1 ORDER BY id`,
      [room.id],
    );
    expect(told.filter((n) => n.user_id === ben!.id).at(-1)?.content).toBe(
      `You owe $13.00 to ${ann!.username} for ${room.name}.`,
    );
    expect(told.filter((n) => n.user_id === ann!.id)).toEqual([]);

    // Ben settles his debt: it leaves the unpaid ones.
    expect((await as(t, ben!)('PATCH', `/v1/transactions/${debtOf(ben!)}/settle`)).statusCode).toBe(200);
    expect(await transfersNow()).toEqual([[cat!.id, ann!.id, 4, debtOf(cat!)]]);

    // The rounds list: only the Settle ups (kind 'round'), newest first, with the bills each named first.
    const rounds = roundsResponse.parse(
      (await as(t, cat!)('GET', `/v1/rooms/${room.id}/rounds`)).json(),
    ).data;
    const { rows: made } = await t.database.pool.query<{ id: number }>(
      `SELECT id FROM consolidations WHERE room_id = $1 AND kind = 'round' ORDER BY id DESC`,
      [room.id],
    );
    expect(rounds.map((r) => r.id)).toEqual(made.map((r) => r.id));
    expect(rounds.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(rounds[0]).toMatchObject({ total: 0, billIds: [] });
    expect(rounds[1]).toMatchObject({ total: 9, billIds: [taxi.json().data.id] });
    expect(rounds[2]!.total).toBe(30);
    // The room's 'ledger' consolidation, which holds the live transactions, is no round.
    expect(rounds.map((r) => r.id)).not.toContain(first[0]!.consolidationId);
    const outsider = await createUser(t);
    expect((await as(t, outsider)('GET', `/v1/rooms/${room.id}/rounds`)).statusCode).toBe(403);
  });

  it('edits and deletes reach every member live (BILL_UPDATED)', async () => {
    const [ann, ben] = await people(2);
    const room = await roomOf([ann!, ben!]);
    const socket = connect(baseUrl, ben!.token);
    await socket.opened;
    await settle();
    const created = await equal(ann!, room.id, 10, [ann!.id, ben!.id]);
    await socket.next('BILL_CREATED');
    const id = created.json().data.id as number;
    await as(t, ann!)('PATCH', `/v1/bills/${id}`, { amount: 12 });
    expect((await socket.next('BILL_UPDATED')).data).toEqual({ roomId: room.id, billId: id });
    await as(t, ann!)('DELETE', `/v1/bills/${id}`);
    expect((await socket.next('BILL_UPDATED')).data).toEqual({ roomId: room.id, billId: id });
    socket.ws.close();
  });
});

describe('concurrency: no cent lost or doubled', () => {
  it('parallel creates, edits, deletes and consolidations against one room', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    const seed = await Promise.all(
      [7.01, 8.02, 9.03, 10.04].map((a, i) =>
        equal([ann, ben, cat][i % 3]!, room.id, a, [ann!.id, ben!.id, cat!.id]),
      ),
    );
    const ids = seed.map((r) => r.json().data.id as number);
    const ops = [
      ...Array.from({ length: 8 }, (_, i) => equal(ben!, room.id, 1 + i / 100, [ann!.id, ben!.id, cat!.id])),
      ...ids.map((id, i) => as(t, ann!)('PATCH', `/v1/bills/${id}`, { amount: 20 + i })),
      as(t, ann!)('DELETE', `/v1/bills/${ids[0]}`),
      as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id }),
      as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id }),
      ...Array.from({ length: 4 }, () => as(t, cat!)('GET', `/v1/rooms/${room.id}/balances`)),
    ];
    const results = await Promise.all(ops);
    expect(
      results.every((r) => [200, 404, 409].includes(r.statusCode)),
      [...results.map((r) => r.body), ...t.logs.filter((l) => l.includes('"level":50'))].join('\n'),
    ).toBe(true);
    // Both Settle ups are 200 (nothing is frozen, a second call is fine).
    expect(results.slice(13, 15).map((r) => r.statusCode)).toEqual([200, 200]);
    // The unpaid transactions are the whole ledger's fewest transfers, one per pair; the nets add up to zero.
    const { unpaid } = await expectLedgerSettled(t, room.id);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    // The room's balances say the same.
    const open = await balances(cat!, room.id);
    expect(open.members.reduce((s, m) => s + Math.round(m.net * 100), 0)).toBe(0);
    expect(open.transfers.map((x) => x.transactionId).sort()).toEqual(unpaid.map((u) => u.id).sort());
  });
});

describe('GET /v1/rooms/{id}/export.csv', () => {
  it('is RFC 4180 CSV of bills, shares and payments with formulas neutralised; members only', async () => {
    const [ann, ben] = await people(2);
    const room = await roomOf([ann!, ben!], { currency: 'SGD', name: 'Trip, "day 1"' });
    await equal(ann!, room.id, 10, [ann!.id, ben!.id], '=HYPERLINK("http://evil","x")');
    await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id });
    await equal(ben!, room.id, 3, [ann!.id, ben!.id], '+1 taxi');
    const res = await as(t, ben!)('GET', `/v1/rooms/${room.id}/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="outing-trip-day-1.csv"');
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Record,Settle-up,Date,Bill,Person,Paid by / to,Amount,Currency,Status');
    const bills = lines.filter((l) => l.startsWith('Bill,'));
    expect(bills).toHaveLength(2);
    expect(bills[0]).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(bills[0]).toContain(',10.00,SGD,');
    expect(bills[1]).toMatch(/^Bill,Open,.*,'\+1 taxi,/);
    expect(lines.filter((l) => l.startsWith('Share,'))).toHaveLength(4);
    expect(bills[0]).toMatch(/^Bill,Settle-up 1,/);
    // One live debt over the whole ledger (ben's shares 5.00 + 1.50 less the 3.00 he paid: he owes ann 3.50), not one per round.
    const payments = lines.filter((l) => l.startsWith('Payment,'));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatch(/^Payment,Open,.*,3\.50,SGD,Unpaid$/);
    const outsider = await createUser(t);
    const denied = await as(t, outsider)('GET', `/v1/rooms/${room.id}/export.csv`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ status: 'error', code: 'NOT_MEMBER' });
  });
});
