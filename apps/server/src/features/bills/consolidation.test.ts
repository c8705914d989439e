import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billsResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billHelpers } from '../../test/bills.js';
import { billsNotAddingUp, expectLedgerSettled } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, bill } = billHelpers(() => t);

describe('consolidation', () => {
  it('answers the fewest payments with exact minor units and tells each payer; freezes nothing, may be pressed again', async () => {
    const [ann, ben, cat] = await Promise.all([
      createUser(t, { username: 'ann_bill' }),
      createUser(t, { username: 'ben_bill' }),
      createUser(t, { username: 'cat_bill' }),
    ]);
    const room = await roomOf(ann, ben, cat);
    // Ann paid 30.00 for all three; Ben paid 12.00 for Ann only (himself excluded).
    await bill(ann, room.id, 30, [ben.id, cat.id], true);
    await bill(ben, room.id, 12, [ann.id], false);
    expect((await as(t, ann)('GET', `/v1/bills/consolidate/${room.id}`)).json().data).toEqual({
      isConsolidated: false,
    });
    expect((await as(t, ben)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(403);

    const res = await as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect(res.statusCode).toBe(200);
    const transfers = transactionsResponse.parse(res.json()).data;
    // Balances: Ann +20 − 12 = +8, Ben −10 + 12 = +2, Cat −10 → Cat pays Ann 8.00 and Ben 2.00.
    expect(transfers.map((x) => [x.payer.username, x.payee.username, x.amount]).sort()).toEqual([
      ['cat_bill', 'ann_bill', 8],
      ['cat_bill', 'ben_bill', 2],
    ]);
    expect(
      transfers.every(
        (x) => x.roomId === room.id && x.roomName === room.name && !x.isPaid && x.paidOn === null,
      ),
    ).toBe(true);
    const notes = await t.database.pool.query(
      `SELECT content FROM notifications WHERE user_id = $1 AND kind = 'bills_consolidated' ORDER BY id`,
      [cat.id],
    );
    expect(notes.rows.map((r) => r.content).sort()).toEqual([
      `You owe $2.00 to ben_bill for ${room.name}.`,
      `You owe $8.00 to ann_bill for ${room.name}.`,
    ]);

    expect((await as(t, cat)('GET', `/v1/bills/consolidate/${room.id}`)).json().data).toEqual({
      isConsolidated: true,
    });
    // A second Settle up is fine: the same unpaid transactions.
    const again = await as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      transactionsResponse
        .parse(again.json())
        .data.map((x) => x.id)
        .sort(),
    ).toEqual(transfers.map((x) => x.id).sort());
    const bills = billsResponse.parse((await as(t, ann)('GET', `/v1/bills?roomId=${room.id}`)).json()).data;
    // The first Settle up named both bills; the second named none.
    const { rows: rounds } = await t.database.pool.query<{ id: number }>(
      `SELECT id FROM consolidations WHERE room_id = $1 AND kind = 'round' ORDER BY id`,
      [room.id],
    );
    expect(rounds).toHaveLength(2);
    expect(bills.map((b) => b.consolidationId)).toEqual([rounds[0]!.id, rounds[0]!.id]);
    // Nothing frozen: a consolidated bill can be deleted (and restored), the debts following at once.
    const ann30 = bills.find((b) => b.ownerId === ann.id)!;
    expect((await as(t, ann)('DELETE', `/v1/bills/${ann30.id}`)).statusCode).toBe(200);
    expect((await expectLedgerSettled(t, room.id)).unpaid.map((u) => [u.from, u.to, u.minor])).toEqual([
      [ann.id, ben.id, 1200],
    ]);
    expect((await as(t, ann)('GET', `/v1/bills/consolidate/${room.id}`)).json().data).toEqual({
      isConsolidated: false,
    });
    expect((await as(t, ann)('POST', `/v1/bills/${ann30.id}/restore`)).statusCode).toBe(200);
    const restored = (await expectLedgerSettled(t, room.id)).unpaid;
    expect(restored.map((u) => [u.from, u.to, u.minor]).sort()).toEqual(
      [
        [cat.id, ann.id, 800],
        [cat.id, ben.id, 200],
      ].sort(),
    );
    // A bill after a Settle up is in no round yet, and counts at once.
    const next = await bill(ben, room.id, 1, [cat.id]);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.consolidationId).toBeNull();
    expect((await as(t, ann)('GET', `/v1/bills/consolidate/${room.id}`)).json().data).toEqual({
      isConsolidated: false,
    });
    // Ben is owed: he cannot leave until he is square.
    const refused = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You can leave once you are square here: cat_bill owes you $2.50.');
    expect((await as(t, ben)('DELETE', `/v1/bills/${next.json().data.id}`)).statusCode).toBe(200);
    const toBen = restored.find((u) => u.to === ben.id)!;
    expect((await as(t, cat)('PATCH', `/v1/transactions/${toBen.id}/settle`)).statusCode).toBe(200);
    expect((await as(t, ben)('PATCH', `/v1/rooms/${room.id}/leave`)).statusCode).toBe(200);
    // Debts do not block closing.
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
  });

  it('a room without bills cannot be consolidated (409)', async () => {
    const ann = await createUser(t);
    const room = await roomOf(ann);
    expect((await as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(409);
  });

  it('50 simultaneous consolidations: all answered, one set of transactions, the bills named by one round', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben, cat);
    await bill(ann, room.id, 99.99, [ben.id, cat.id]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const answered = results.map((r) =>
      transactionsResponse
        .parse(r.json())
        .data.map((x) => x.id)
        .sort(),
    );
    expect(new Set(answered.map((ids) => ids.join(',')))).toEqual(new Set([answered[0]!.join(',')]));
    const { rows } = await t.database.pool.query(
      `SELECT (SELECT count(*)::int FROM consolidations WHERE room_id = $1 AND kind = 'round') AS c,
        (SELECT count(*)::int FROM transactions WHERE room_id = $1) AS t,
        (SELECT count(DISTINCT consolidation_id)::int FROM bills WHERE room_id = $1) AS named`,
      [room.id],
    );
    expect(rows[0]).toEqual({ c: 50, t: 2, named: 1 });
    expect((await expectLedgerSettled(t, room.id)).unpaid.map((u) => u.id).sort()).toEqual(answered[0]);
  });

  it('a bill created while consolidating is either inside the consolidation or in the next round, never lost', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben);
    await bill(ann, room.id, 10, [ben.id]);
    const racing = Array.from({ length: 10 }, (_, i) => bill(ben, room.id, 1 + i, [ann.id]));
    const [consolidated, ...created] = await Promise.all([
      as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id }),
      ...racing,
    ]);
    expect(consolidated.statusCode).toBe(200);
    expect(created.every((r) => r.statusCode === 200)).toBe(true);
    const accepted = created.map((r) => r.json().data.id as number);
    const { rows } = await t.database.pool.query<{
      id: number;
      consolidation_id: number | null;
      amount_minor: number;
    }>('SELECT id, consolidation_id, amount_minor FROM bills WHERE room_id = $1', [room.id]);
    for (const id of accepted) expect(rows.map((r) => r.id)).toContain(id);
    // The unpaid transactions settle every bill, inside the round or not; the round named some of them.
    await expectLedgerSettled(t, room.id);
    const { rows: rounds } = await t.database.pool.query<{ id: number }>(
      `SELECT id FROM consolidations WHERE room_id = $1 AND kind = 'round'`,
      [room.id],
    );
    expect(rounds).toHaveLength(1);
    const round = rounds[0]!.id;
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    expect(rows.every((r) => r.consolidation_id === null || r.consolidation_id === round)).toBe(true);
    expect(rows.some((r) => r.consolidation_id === round)).toBe(true);
  });
});
