import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResponse, billResponse, transactionResponse, type Activity } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/** GET /v1/rooms/{id}/activity and GET /v1/bills/{id}/activity: who did what, newest first. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, equal } = moneyHelpers(() => t);
const read = async (u: TestUser, url: string) => {
  const res = await as(t, u)('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return activityResponse.parse(res.json());
};
const short = (entries: Activity[]) => entries.map((e) => [e.kind, e.actor.id, e.billId ?? null]);

describe('activity', () => {
  it('tells every change with its actor, an edit with what changed, newest first; pages by cursor', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([a, b]);
    const bill = billResponse.parse((await equal(b, room.id, 23.5, [a.id, b.id], 'Pizza')).json()).data;
    // The host edits b's bill.
    const edit = await as(t, a)('PATCH', `/v1/bills/${bill.id}`, { amount: 26 });
    expect(edit.statusCode, edit.body).toBe(200);
    // An edit that changes nothing is no line.
    expect((await as(t, b)('PATCH', `/v1/bills/${bill.id}`, { amount: 26 })).statusCode).toBe(200);
    const payment = transactionResponse.parse(
      (
        await as(t, a)('POST', '/v1/transactions', {
          roomId: room.id,
          payerId: a.id,
          payeeId: b.id,
          amount: 5,
        })
      ).json(),
    ).data;
    expect((await as(t, b)('PATCH', `/v1/transactions/${payment.id}/confirm`)).statusCode).toBe(200);

    const all = await read(a, `/v1/rooms/${room.id}/activity`);
    expect(short(all.data)).toEqual([
      ['payment_confirmed', b.id, null],
      ['payment_recorded', a.id, null],
      ['bill_edited', a.id, bill.id],
      ['bill_created', b.id, bill.id],
      ['member_joined', b.id, null],
    ]);
    expect(all.nextCursor ?? null).toBeNull();
    const [confirmed, recorded, edited, created] = all.data as [Activity, Activity, Activity, Activity];
    expect(created).toMatchObject({ billName: 'Pizza', amount: 23.5, currency: 'USD' });
    expect(edited.changes).toContainEqual({ field: 'amount', before: 23.5, after: 26 });
    // Shares are told by person, in id order (ids differ run to run).
    const [first, second] = [a.id, b.id].sort((x, y) => x - y);
    expect(edited.changes).toContainEqual({
      field: 'shares',
      before: `${first}:11.75,${second}:11.75`,
      after: `${first}:13,${second}:13`,
    });
    expect(edited.changes?.map((c) => c.field).sort()).toEqual(['amount', 'shares']);
    for (const p of [recorded, confirmed])
      expect(p).toMatchObject({ transactionId: payment.id, payerId: a.id, payeeId: b.id, amount: 5 });
    expect(new Date(confirmed.at) >= new Date(created.at)).toBe(true);

    // Pages of two: the same entries, in order, and no more.
    const paged: Activity[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await read(
        b,
        `/v1/rooms/${room.id}/activity?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(paged.map((e) => e.id)).toEqual(all.data.map((e) => e.id));
  }, 60_000);

  it('a deleted bill keeps its history; outsiders get 403', async () => {
    const [a, b] = (await people(2)) as [TestUser, TestUser];
    const stranger = await createUser(t);
    const room = await roomOf([a, b]);
    const bill = billResponse.parse((await equal(a, room.id, 10, [a.id, b.id], 'Taxi')).json()).data;
    const other = billResponse.parse((await equal(b, room.id, 4, [a.id, b.id], 'Tea')).json()).data;
    expect((await as(t, a)('PATCH', `/v1/bills/${bill.id}`, { name: 'Cab' })).statusCode).toBe(200);
    expect((await as(t, a)('DELETE', `/v1/bills/${bill.id}`)).statusCode).toBe(200);

    const history = await read(b, `/v1/bills/${bill.id}/activity`);
    expect(short(history.data)).toEqual([
      ['bill_deleted', a.id, bill.id],
      ['bill_edited', a.id, bill.id],
      ['bill_created', a.id, bill.id],
    ]);
    expect(history.data[0]).toMatchObject({ billName: 'Cab', amount: 10 });
    expect(history.data[1]!.changes).toEqual([{ field: 'name', before: 'Taxi', after: 'Cab' }]);
    // Only that bill's lines.
    expect(short((await read(b, `/v1/bills/${other.id}/activity`)).data)).toEqual([
      ['bill_created', b.id, other.id],
    ]);

    expect((await as(t, a)('POST', `/v1/bills/${bill.id}/restore`)).statusCode).toBe(200);
    expect((await read(a, `/v1/bills/${bill.id}/activity`)).data[0]).toMatchObject({ kind: 'bill_restored' });
    expect((await as(t, a)('DELETE', `/v1/bills/${bill.id}`)).statusCode).toBe(200);

    expect((await as(t, stranger)('GET', `/v1/bills/${bill.id}/activity`)).statusCode).toBe(403);
    expect((await as(t, stranger)('GET', `/v1/rooms/${room.id}/activity`)).statusCode).toBe(403);
    // A member who left no longer reads it.
    expect((await as(t, b)('DELETE', `/v1/bills/${other.id}`)).statusCode).toBe(200);
    expect((await as(t, b)('PATCH', `/v1/rooms/${room.id}/leave`)).statusCode).toBe(200);
    expect((await as(t, b)('GET', `/v1/rooms/${room.id}/activity`)).statusCode).toBe(403);
    expect(short((await read(a, `/v1/rooms/${room.id}/activity`)).data).slice(0, 2)).toEqual([
      ['member_left', b.id, null],
      ['bill_deleted', b.id, other.id],
    ]);
  }, 60_000);
});
