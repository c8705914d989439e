import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesResponse, billResponse } from '@outing/contract';
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

const { roomOf, people, billOf, step, unpaid } = liveLedgerHelpers(() => t);

describe('unpaid transactions follow every bill change', () => {
  it('create, edit, delete and restore: the fewest transfers each time, a pair keeping its id', async () => {
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([a, b, c]);
    const bill = await billOf(a, room.id, 30, [a.id, b.id, c.id]);
    const first = await unpaid(room.id);
    expect(first).toEqual({
      [`${b.id}>${a.id}`]: { id: expect.any(Number), minor: 1000 },
      [`${c.id}>${a.id}`]: { id: expect.any(Number), minor: 1000 },
    });

    expect((await as(t, a)('PATCH', `/v1/bills/${bill.id}`, { amount: 60 })).statusCode).toBe(200);
    const edited = await unpaid(room.id);
    expect(edited).toEqual({
      [`${b.id}>${a.id}`]: { id: first[`${b.id}>${a.id}`]!.id, minor: 2000 },
      [`${c.id}>${a.id}`]: { id: first[`${c.id}>${a.id}`]!.id, minor: 2000 },
    });
    // What the room's balances say is what its unpaid transactions are, with their ids.
    const bal = balancesResponse.parse((await as(t, b)('GET', `/v1/rooms/${room.id}/balances`)).json()).data;
    expect(bal.transfers.map((x) => [x.payerId, x.payeeId, x.amount, x.transactionId]).sort()).toEqual(
      [
        [b.id, a.id, 20, edited[`${b.id}>${a.id}`]!.id],
        [c.id, a.id, 20, edited[`${c.id}>${a.id}`]!.id],
      ].sort(),
    );
    expect(bal.members.find((m) => m.userId === a.id)).toMatchObject({ paid: 60, owes: 20, net: 40 });

    // b's own bill: a's debt to b is netted, not a second pair.
    const small = await billOf(b, room.id, 9, [a.id, b.id, c.id]);
    const withSmall = await unpaid(room.id);
    expect(withSmall).toEqual({
      [`${b.id}>${a.id}`]: { id: first[`${b.id}>${a.id}`]!.id, minor: 1400 },
      [`${c.id}>${a.id}`]: { id: first[`${c.id}>${a.id}`]!.id, minor: 2300 },
    });

    // Deleted: out of the ledger at once; pairs without a transfer lose their row (acting on it is a 404).
    expect((await as(t, a)('DELETE', `/v1/bills/${bill.id}`)).statusCode).toBe(200);
    const deleted = await unpaid(room.id);
    expect(deleted).toEqual({
      [`${a.id}>${b.id}`]: { id: expect.any(Number), minor: 300 },
      [`${c.id}>${b.id}`]: { id: expect.any(Number), minor: 300 },
    });
    const gone = first[`${c.id}>${a.id}`]!.id;
    expect((await as(t, c)('GET', `/v1/transactions/${gone}`)).statusCode).toBe(404);
    expect((await step(c, gone, 'settle')).statusCode).toBe(404);
    const list = (await as(t, a)('GET', `/v1/bills?roomId=${room.id}`)).json().data as { id: number }[];
    expect(list.map((x) => x.id)).toEqual([small.id]);
    const after = balancesResponse.parse(
      (await as(t, a)('GET', `/v1/rooms/${room.id}/balances`)).json(),
    ).data;
    expect(after.members.find((m) => m.userId === a.id)).toMatchObject({ paid: 0, owes: 3, net: -3 });

    // Restored: back in the ledger as before.
    const restored = await as(t, a)('POST', `/v1/bills/${bill.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(billResponse.parse(restored.json()).data).toMatchObject({ id: bill.id, amount: 60 });
    const back = await unpaid(room.id);
    expect(Object.fromEntries(Object.entries(back).map(([k, v]) => [k, v.minor]))).toEqual({
      [`${b.id}>${a.id}`]: 1400,
      [`${c.id}>${a.id}`]: 2300,
    });
    // a → b had a transfer while the bill was deleted; it has none now.
    expect(back[`${a.id}>${b.id}`]).toBeUndefined();
  }, 60_000);
});

describe('restore (POST /v1/bills/{id}/restore)', () => {
  it('403 for outsiders and other members, 404 for no bill, 409 when not deleted or deleted over 30 days ago', async () => {
    const [a, b, c] = (await people(3)) as [TestUser, TestUser, TestUser];
    const stranger = await createUser(t);
    const room = await roomOf([a, b, c]);
    const bill = await billOf(b, room.id, 30, [a.id, b.id, c.id]);
    const restore = (u: TestUser, id = bill.id) => as(t, u)('POST', `/v1/bills/${id}/restore`);
    const live = await restore(b);
    expect(live.statusCode).toBe(409);
    expect(live.json()).toMatchObject({ code: 'CONFLICT', reason: 'BILL_NOT_DELETED' });
    expect((await restore(b, 2_000_000_000)).json()).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'BILL_NOT_FOUND',
    });
    expect((await as(t, b)('DELETE', `/v1/bills/${bill.id}`)).statusCode).toBe(200);
    expect(await unpaid(room.id)).toEqual({});
    // A deleted bill cannot be edited or deleted again.
    expect((await as(t, b)('PATCH', `/v1/bills/${bill.id}`, { amount: 5 })).statusCode).toBe(404);
    expect((await as(t, b)('DELETE', `/v1/bills/${bill.id}`)).statusCode).toBe(404);
    expect((await restore(stranger)).statusCode).toBe(403);
    const notTheirs = await restore(c); // neither its creator, its payer nor the host
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'BILL_NOT_YOURS' });

    await t.database.pool.query(`UPDATE bills SET deleted_at = now() - interval '31 days' WHERE id = $1`, [
      bill.id,
    ]);
    const old = await restore(b);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: 'CONFLICT', reason: 'RESTORE_EXPIRED' });
    expect(await unpaid(room.id)).toEqual({});

    await t.database.pool.query(`UPDATE bills SET deleted_at = now() - interval '29 days' WHERE id = $1`, [
      bill.id,
    ]);
    // The host may restore it.
    expect((await restore(a)).statusCode).toBe(200);
    expect(Object.values(await unpaid(room.id)).map((u) => u.minor)).toEqual([1000, 1000]);
    expect((await restore(a)).statusCode).toBe(409);
  }, 60_000);
});

describe('activity permissions', () => {
  it('outsiders get 403 for a room’s and a bill’s activity; no bill is a 404', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const stranger = await createUser(t);
    const room = await roomOf([a, b]);
    const bill = await billOf(a, room.id, 20, [a.id, b.id]);
    expect((await as(t, stranger)('GET', `/v1/rooms/${room.id}/activity`)).statusCode).toBe(403);
    expect((await as(t, stranger)('GET', `/v1/bills/${bill.id}/activity`)).statusCode).toBe(403);
    expect((await as(t, b)('GET', `/v1/bills/2000000000/activity`)).statusCode).toBe(404);
    expect((await as(t, b)('GET', `/v1/bills/${bill.id}/activity`)).statusCode).toBe(200);
  }, 60_000);
});
