import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesResponse, roundsResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billsNotAddingUp, unbalancedAfterRound, moneyHelpers } from '../../test/ledger.js';
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
  it('any member sees what each paid, owes and nets, and the fewest transfers with the bills behind them', async () => {
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
    expect(byUser[ann!.id]).toEqual({ userId: ann!.id, paid: 30, owes: 22, net: 8 });
    expect(byUser[ben!.id]).toEqual({ userId: ben!.id, paid: 12, owes: 10, net: 2 });
    expect(byUser[cat!.id]).toEqual({ userId: cat!.id, paid: 0, owes: 10, net: -10 });
    expect(byUser[dan!.id]).toEqual({ userId: dan!.id, paid: 0, owes: 0, net: 0 });
    expect(b.members.reduce((s, m) => s + Math.round(m.net * 100), 0)).toBe(0);
    expect(b.transfers.map((x) => [x.payerId, x.payeeId, x.amount])).toEqual(
      [
        [cat!.id, ann!.id, 8],
        [cat!.id, ben!.id, 2],
      ].sort((x, y) => x[1]! - y[1]!),
    );
    for (const x of b.transfers)
      expect(x.bills.reduce((s, p) => s + Math.round(p.amount * 100), 0)).toBe(Math.round(x.amount * 100));
    expect(b.bills).toHaveLength(2);

    const outsider = await createUser(t);
    expect((await as(t, outsider)('GET', `/v1/rooms/${room.id}/balances`)).statusCode).toBe(403);
    expect(
      (await as(t, ann!)('GET', '/v1/rooms/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11/balances')).statusCode,
    ).toBe(404);
  });
});

describe('rounds (api-contract §10.3)', () => {
  it('consolidate, add the forgotten taxi, consolidate again; both rounds stay visible', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    await equal(ann!, room.id, 30, [ann!.id, ben!.id, cat!.id]);
    const first = transactionsResponse.parse(
      (await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
    ).data;
    expect(first).toHaveLength(2);
    expect((await balances(ben!, room.id)).transfers).toEqual([]); // the open round is empty

    const taxi = await equal(cat!, room.id, 9, [ann!.id, ben!.id, cat!.id], 'Taxi');
    expect(taxi.statusCode, taxi.body).toBe(200);
    expect((await balances(ben!, room.id)).transfers.map((x) => x.amount)).toEqual([3, 3]);
    expect((await as(t, ann!)('GET', `/v1/bills/consolidate/${room.id}`)).json().data.isConsolidated).toBe(
      false,
    );
    const second = transactionsResponse.parse(
      (await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
    ).data;
    expect(second.map((x) => x.payeeId)).toEqual([cat!.id, cat!.id]);
    expect(second[0]!.consolidationId).not.toBe(first[0]!.consolidationId);
    expect((await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(409);

    // Ben settles one of the first round's.
    const mine = first.find((x) => x.payerId === ben!.id)!;
    expect((await as(t, ben!)('PATCH', `/v1/transactions/${mine.id}/settle`)).statusCode).toBe(200);

    const rounds = roundsResponse.parse(
      (await as(t, cat!)('GET', `/v1/rooms/${room.id}/rounds`)).json(),
    ).data;
    expect(rounds.map((r) => r.id)).toEqual([second[0]!.consolidationId, first[0]!.consolidationId]);
    expect(rounds.map((r) => r.number)).toEqual([2, 1]);
    expect(rounds[0]).toMatchObject({ total: 9, billIds: [taxi.json().data.id] });
    expect(rounds[1]!.total).toBe(30);
    expect(rounds[1]!.transactions.map((x) => [x.payerId, x.isPaid]).sort()).toEqual(
      [
        [ben!.id, true],
        [cat!.id, false],
      ].sort(),
    );
    // Every member sees every transfer of the room, not only their own.
    expect(rounds[0]!.transactions).toHaveLength(2);
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
    const { rows: rounds } = await t.database.pool.query<{ id: number }>(
      'SELECT id FROM consolidations WHERE room_id = $1',
      [room.id],
    );
    expect(rounds.length).toBeGreaterThanOrEqual(1);
    for (const r of rounds) expect(await unbalancedAfterRound(t, r.id)).toEqual([]);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    // Whatever stayed open still balances to zero.
    const open = await balances(cat!, room.id);
    expect(open.members.reduce((s, m) => s + Math.round(m.net * 100), 0)).toBe(0);
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
    expect(lines[0]).toBe('Record,Round,Date,Bill,Person,Paid by / to,Amount,Currency,Status');
    const bills = lines.filter((l) => l.startsWith('Bill,'));
    expect(bills).toHaveLength(2);
    expect(bills[0]).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(bills[0]).toContain(',10.00,SGD,');
    expect(bills[1]).toMatch(/^Bill,Open,.*,'\+1 taxi,/);
    expect(lines.filter((l) => l.startsWith('Share,'))).toHaveLength(4);
    expect(lines.filter((l) => l.startsWith('Payment,Round 1,'))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith('Payment,'))).toMatch(/,5\.00,SGD,Unpaid$/);
    const outsider = await createUser(t);
    const denied = await as(t, outsider)('GET', `/v1/rooms/${room.id}/export.csv`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ status: 'error', code: 'NOT_MEMBER' });
  });
});
