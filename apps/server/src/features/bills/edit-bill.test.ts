import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billResponse, billsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people } = moneyHelpers(() => t);
const post = (u: TestUser, body: object) => as(t, u)('POST', '/v1/bills', { name: 'Dinner', ...body });
const sharesOf = (res: { json(): unknown }) =>
  Object.fromEntries(billResponse.parse(res.json()).data.shares.map((s) => [s.userId, s.amount]));
describe('PATCH /v1/bills/{id}', () => {
  it('its creator, its payer or the host edits; others 403; everyone sees the new shares', async () => {
    const [host, creator, payer, other, outsider] = await people(5);
    const room = await roomOf([host!, creator!, payer!, other!]);
    const created = await post(creator!, {
      roomId: room.id,
      amount: 30,
      paidBy: payer!.id,
      split: { mode: 'equal', userIds: [creator!.id, payer!.id, other!.id] },
    });
    const id = created.json().data.id as number;
    const patch = (u: TestUser, body: object) => as(t, u)('PATCH', `/v1/bills/${id}`, body);
    expect((await patch(other!, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await patch(outsider!, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await as(t, host!)('PATCH', '/v1/bills/2000000000', { name: 'x' })).statusCode).toBe(404);
    expect((await patch(creator!, {})).statusCode).toBe(400);

    const renamed = await patch(creator!, { name: 'Taxi', amount: 31 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Taxi', amount: 31 });
    expect(Object.values(sharesOf(renamed)).sort()).toEqual([10.33, 10.33, 10.34]);

    const resplit = await patch(payer!, {
      split: {
        mode: 'shares',
        shares: [
          { userId: payer!.id, shares: 1 },
          { userId: other!.id, shares: 2 },
        ],
      },
    });
    expect(resplit.statusCode, resplit.body).toBe(200);
    expect(sharesOf(resplit)).toEqual({ [payer!.id]: 10.33, [other!.id]: 20.67 });

    const repaid = await patch(host!, { paidBy: other!.id });
    expect(repaid.json().data).toMatchObject({
      ownerId: other!.id,
      createdBy: creator!.id,
      payers: [payer!.id],
    });

    const list = billsResponse.parse((await as(t, other!)('GET', `/v1/bills?roomId=${room.id}`)).json()).data;
    expect(list[0]).toMatchObject({ id, name: 'Taxi', ownerId: other!.id });

    // Bad edits change nothing.
    const bad = await patch(creator!, { amount: 31.001 });
    expect(bad.statusCode).toBe(400);
    expect((await as(t, host!)('GET', `/v1/bills?roomId=${room.id}`)).json().data[0].amount).toBe(31);

    // Once consolidated it is part of a settled round: 409 for edit and delete.
    expect((await as(t, host!)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(200);
    expect((await patch(creator!, { name: 'Late' })).statusCode).toBe(409);
    expect((await as(t, creator!)('DELETE', `/v1/bills/${id}`)).statusCode).toBe(409);
  });

  it('a bill made by the original client reads as the equal split it was, and edits as one', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    const res = await post(ann!, {
      roomId: room.id,
      amount: 0.02,
      includeOwner: true,
      payers: [ben!.id, cat!.id],
    });
    const b = billResponse.parse(res.json()).data;
    expect(b.payers).toEqual([ben!.id, cat!.id].sort((x, y) => x - y)); // as sent, even with a 0 share
    expect(b.split).toEqual({ mode: 'equal', userIds: [ann!.id, ben!.id, cat!.id].sort((x, y) => x - y) });
    expect(b.shares.reduce((s, x) => s + x.amount, 0)).toBeCloseTo(0.02, 9);
    const edited = await as(t, ann!)('PATCH', `/v1/bills/${b.id}`, { amount: 3 });
    expect(Object.values(sharesOf(edited))).toEqual([1, 1, 1]);
  });
});
