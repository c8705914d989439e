import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billResponse, billsResponse, transactionsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billsNotAddingUp, unbalancedAfterRound } from '../../test/ledger.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A room hosted by the first user with the others as members. */
async function roomOf(...people: TestUser[]) {
  const [host, ...others] = people;
  const { room } = await createRoom(t, host!);
  for (const p of others) expect((await as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room;
}

const bill = (
  u: TestUser,
  roomId: string,
  amount: unknown,
  payers: unknown[],
  includeOwner = true,
  name = 'Dinner',
) => as(t, u)('POST', '/v1/bills', { name, amount, includeOwner, roomId, payers });

describe('POST /v1/bills', () => {
  it('creates a bill with exact cents, the caller as owner and de-duplicated payers', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben, cat);
    const res = await bill(ann, room.id, 19.99, [ben.id, String(cat.id), ben.id]);
    expect(res.statusCode).toBe(200);
    const b = billResponse.parse(res.json()).data;
    expect(b).toMatchObject({
      name: 'Dinner',
      amount: 19.99,
      includeOwner: true,
      roomId: room.id,
      ownerId: ann.id,
      consolidationId: null,
    });
    expect(b.payers).toEqual([ben.id, cat.id].sort((x, y) => x - y));
    const { rows } = await t.database.pool.query('SELECT amount_cents FROM bills WHERE id = $1', [b.id]);
    expect(rows[0].amount_cents).toBe(1999);
  });

  it.each([
    [0, 'Amount must be greater than 0'],
    [-3, 'Amount must be greater than 0'],
    [1.005, 'Amount can have at most 2 decimals'],
    [1e-7, 'Amount can have at most 2 decimals'],
    [1_000_000.01, 'Amount must be at most 1,000,000'],
    ['12', 'amount is required'],
  ])('refuses the amount %j: %s', async (amount, message) => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben);
    const res = await bill(ann, room.id, amount, [ben.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({ path: 'amount', message });
    expect((await as(t, ann)('GET', `/v1/bills?roomId=${room.id}`)).json().data).toEqual([]);
  });

  it('payers must be other members (400), known users (404); the caller must be a member (403)', async () => {
    const [ann, ben, outsider] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben);
    expect((await bill(ann, room.id, 10, [])).statusCode).toBe(400);
    expect((await bill(ann, room.id, 10, [ann.id])).statusCode).toBe(400);
    expect((await bill(ann, room.id, 10, [outsider.id])).statusCode).toBe(400);
    expect((await bill(ann, room.id, 10, [99_999_999])).statusCode).toBe(404);
    expect((await bill(outsider, room.id, 10, [ann.id])).statusCode).toBe(403);
    expect((await bill(ann, '7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11', 10, [ben.id])).statusCode).toBe(404);
    expect((await bill(ann, room.id, 10, [ben.id], true, '')).json().issues[0].message).toBe(
      'Bill Name is required',
    );
  });

  it('GET lists the room’s bills newest first to members only; DELETE: owner or host, else 403', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben, cat);
    const first = billResponse.parse((await bill(ben, room.id, 5, [cat.id], true, 'First')).json()).data;
    await bill(cat, room.id, 7, [ben.id], true, 'Second');
    const list = billsResponse.parse((await as(t, ben)('GET', `/v1/bills?roomId=${room.id}`)).json()).data;
    expect(list.map((b) => b.name)).toEqual(['Second', 'First']);
    const outsider = await createUser(t);
    expect((await as(t, outsider)('GET', `/v1/bills?roomId=${room.id}`)).statusCode).toBe(403);
    expect((await as(t, cat)('DELETE', `/v1/bills/${first.id}`)).statusCode).toBe(403);
    expect((await as(t, ann)('DELETE', `/v1/bills/${first.id}`)).statusCode).toBe(200); // the host
    expect((await as(t, ann)('DELETE', `/v1/bills/${first.id}`)).statusCode).toBe(404);
  });
});

describe('consolidation', () => {
  it('turns the bills into the fewest payments with exact cents, tells each payer, then locks the bills', async () => {
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
      'SELECT content FROM notifications WHERE user_id = $1 ORDER BY id',
      [cat.id],
    );
    expect(notes.rows.map((r) => r.content).sort()).toEqual([
      `You owe $2.00 to ben_bill for ${room.name}.`,
      `You owe $8.00 to ann_bill for ${room.name}.`,
    ]);

    expect((await as(t, cat)('GET', `/v1/bills/consolidate/${room.id}`)).json().data).toEqual({
      isConsolidated: true,
    });
    expect((await as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(409);
    const bills = billsResponse.parse((await as(t, ann)('GET', `/v1/bills?roomId=${room.id}`)).json()).data;
    expect(bills.every((b) => b.consolidationId === transfers[0]!.consolidationId)).toBe(true);
    expect((await as(t, ann)('DELETE', `/v1/bills/${bills[0]!.id}`)).statusCode).toBe(409);
    // A bill after consolidation opens the next round (api-contract §10.3), which again blocks leaving until it
    // is consolidated or gone.
    const next = await bill(ben, room.id, 1, [cat.id]);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.consolidationId).toBeNull();
    expect((await as(t, ann)('GET', `/v1/bills/consolidate/${room.id}`)).json().data).toEqual({
      isConsolidated: false,
    });
    expect((await as(t, ben)('PATCH', `/v1/rooms/${room.id}/leave`)).statusCode).toBe(409);
    expect((await as(t, ben)('DELETE', `/v1/bills/${next.json().data.id}`)).statusCode).toBe(200);
    // Consolidated bills no longer block closing or leaving.
    expect((await as(t, ben)('PATCH', `/v1/rooms/${room.id}/leave`)).statusCode).toBe(200);
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
  });

  it('a room without bills cannot be consolidated (409)', async () => {
    const ann = await createUser(t);
    const room = await roomOf(ann);
    expect((await as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(409);
  });

  it('50 simultaneous consolidations: exactly one consolidation and one set of transactions', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const room = await roomOf(ann, ben, cat);
    await bill(ann, room.id, 99.99, [ben.id, cat.id]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const { rows } = await t.database.pool.query(
      'SELECT (SELECT count(*)::int FROM consolidations WHERE room_id = $1) AS c, (SELECT count(*)::int FROM transactions WHERE room_id = $1) AS t',
      [room.id],
    );
    expect(rows[0]).toEqual({ c: 1, t: 2 });
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
      amount_cents: number;
    }>('SELECT id, consolidation_id, amount_cents FROM bills WHERE room_id = $1', [room.id]);
    for (const id of accepted) expect(rows.map((r) => r.id)).toContain(id);
    // The consolidation's transfers settle exactly the bills inside it; the rest form the open round.
    const round = consolidated.json().data[0]?.consolidationId as number;
    expect(await unbalancedAfterRound(t, round)).toEqual([]);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    expect(rows.every((r) => r.consolidation_id === null || r.consolidation_id === round)).toBe(true);
    expect(rows.some((r) => r.consolidation_id === round)).toBe(true);
  });
});

describe('transactions', () => {
  async function consolidatedPair() {
    const [payee, payer] = await Promise.all([
      createUser(t, { username: `payee${Date.now() % 1e6}` }),
      createUser(t),
    ]);
    const room = await roomOf(payee, payer);
    await bill(payee, room.id, 25.5, [payer.id], false);
    const [tx] = transactionsResponse.parse(
      (await as(t, payee)('POST', '/v1/bills/consolidate', { roomId: room.id })).json(),
    ).data;
    return { payee, payer, room, tx: tx! };
  }

  it('lists unpaid by default for payer and payee; only the payer settles, once; the payee is told', async () => {
    const { payee, payer, tx } = await consolidatedPair();
    expect(tx.amount).toBe(25.5);
    for (const u of [payee, payer]) {
      const unpaid = transactionsResponse.parse((await as(t, u)('GET', '/v1/transactions')).json()).data;
      expect(unpaid.map((x) => x.id)).toEqual([tx.id]);
    }
    expect((await as(t, payee)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(403);
    const stranger = await createUser(t);
    // A transaction that exists but is not yours: 403 (the contract's status rule, docs/security.md).
    expect((await as(t, stranger)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(403);
    expect((await as(t, stranger)('PATCH', '/v1/transactions/2000000000/settle')).statusCode).toBe(404);
    const res = await as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: tx.id, isPaid: true, paidOn: expect.any(String) });
    expect((await as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(409);
    const paid = transactionsResponse.parse(
      (await as(t, payee)('GET', '/v1/transactions?isPaid=true')).json(),
    ).data;
    expect(paid.map((x) => x.id)).toEqual([tx.id]);
    expect((await as(t, payee)('GET', '/v1/transactions')).json().data).toEqual([]);
    const note = await t.database.pool.query(
      'SELECT title, content FROM notifications WHERE user_id = $1 AND title = $2',
      [payee.id, 'Settled'],
    );
    expect(note.rows).toEqual([{ title: 'Settled', content: `${payer.username} paid you $25.50!` }]);
  });

  it('shows the email of the caller and of the caller’s friends only', async () => {
    const { payee, payer } = await consolidatedPair();
    const list = async (u: TestUser) =>
      transactionsResponse.parse((await as(t, u)('GET', '/v1/transactions')).json()).data[0]!;
    let seen = await list(payer);
    expect([seen.payer.email, seen.payee.email]).toEqual([payer.email, '']); // not friends
    seen = await list(payee);
    expect([seen.payer.email, seen.payee.email]).toEqual(['', payee.email]);
    await makeFriends(t, payer, payee);
    seen = await list(payer);
    expect([seen.payer.email, seen.payee.email]).toEqual([payer.email, payee.email]);
    expect(seen.payee).toEqual({
      id: payee.id,
      username: payee.username,
      email: payee.email,
      pictureUrl: '',
    });
  });

  it('100 simultaneous settles: exactly one succeeds', async () => {
    const { payer, tx } = await consolidatedPair();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(99);
  });

  it('the reminder: only the payee of an unpaid transaction, at most once an hour, stored for the payer', async () => {
    const { payee, payer, tx } = await consolidatedPair();
    const remind = (from: TestUser, to: TestUser) =>
      as(t, from)('POST', '/v1/notifications', {
        userId: to.id,
        title: 'Reminder',
        content: `Pay $25.50 to ${from.username}!`,
      });
    expect((await remind(payer, payee)).statusCode).toBe(403);
    const first = await remind(payee, payer);
    expect(first.statusCode).toBe(200);
    // The client's text, then what is owed for which room and how to pay (issue #19: the payee has no handles yet).
    expect(first.json().data).toMatchObject({
      userId: payer.id,
      title: 'Reminder',
      content: `Pay $25.50 to ${payee.username}!\nYou owe ${payee.username} $25.50 for ${tx.roomName}.`,
    });
    const handles = await as(t, payee)('PUT', `/v1/users/${payee.id}/payment-methods`, [
      { kind: 'paypal', value: 'payeepaypal' },
      { kind: 'paynow', value: '+6591234567' },
    ]);
    expect(handles.statusCode, handles.body).toBe(200);
    const again = await remind(payee, payer);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
    await t.database.pool.query(
      `UPDATE reminders SET created_at = now() - interval '61 minutes' WHERE payee_id = $1`,
      [payee.id],
    );
    const second = await remind(payee, payer);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.content).toBe(
      `Pay $25.50 to ${payee.username}!\nYou owe ${payee.username} $25.50 for ${tx.roomName}.\n` +
        'Pay with PayPal payeepaypal · PayNow +6591234567.',
    );
    await as(t, payer)('PATCH', `/v1/transactions/${tx.id}/settle`);
    await t.database.pool.query(
      `UPDATE reminders SET created_at = now() - interval '61 minutes' WHERE payee_id = $1`,
      [payee.id],
    );
    expect((await remind(payee, payer)).statusCode).toBe(403); // paid: nothing to remind about
    const long = await as(t, payee)('POST', '/v1/notifications', {
      userId: payer.id,
      title: 'x'.repeat(61),
      content: 'c',
    });
    expect(long.statusCode).toBe(400);
  });
});
