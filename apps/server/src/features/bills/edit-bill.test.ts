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

    // A Settle up freezes nothing (one live ledger): still editable and deletable while the room is open.
    expect((await as(t, host!)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(200);
    expect((await patch(creator!, { name: 'Late' })).statusCode).toBe(200);
    expect((await as(t, creator!)('DELETE', `/v1/bills/${id}`)).statusCode).toBe(200);
    // Once the room is closed, bills no longer change: 409 for edit, delete and restore.
    expect((await as(t, creator!)('POST', `/v1/bills/${id}/restore`)).statusCode).toBe(200);
    expect((await as(t, host!)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
    expect((await patch(creator!, { name: 'Later' })).statusCode).toBe(409);
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

/**
 * Issue 32 item 4: a deleted account stays in the rooms whose money names it ("Deleted user"), and no write may put
 * more of a bill on it. The attack: the host moved their share onto a deleted member with an edit, and the round's
 * consolidation made "Deleted user pays ann 45", a debt nobody can ever pay.
 */
describe('a deleted account in a bill edit', () => {
  /** Ann hosts; Dan is in a small bill of Ben's (so he stays a member), then deletes his account. */
  async function roomWithDeletedDan() {
    const [ann, ben, dan] = await people(3);
    const room = await roomOf([ann!, ben!, dan!]);
    const dinner = await post(ann!, {
      roomId: room.id,
      amount: 90,
      split: { mode: 'equal', userIds: [ann!.id, ben!.id] },
    });
    expect(dinner.statusCode, dinner.body).toBe(200);
    const coffee = await post(ben!, {
      roomId: room.id,
      name: 'Coffee',
      amount: 10,
      split: { mode: 'equal', userIds: [ben!.id, dan!.id] },
    });
    expect(coffee.statusCode, coffee.body).toBe(200);
    const gone = await as(t, dan!)('DELETE', `/v1/users/${dan!.id}`, { password: dan!.password });
    expect(gone.statusCode, gone.body).toBe(200);
    return {
      ann: ann!,
      ben: ben!,
      dan: dan!,
      room,
      dinner: dinner.json().data.id as number,
      coffee: coffee.json().data.id as number,
    };
  }

  it('refuses the attack as written: the host moves their share onto the deleted member (400, nothing changes)', async () => {
    const { ann, ben, dan, room, dinner } = await roomWithDeletedDan();
    const moved = await as(t, ann)('PATCH', `/v1/bills/${dinner}`, {
      split: {
        mode: 'exact',
        amounts: [
          { userId: ben.id, amount: 45 },
          { userId: dan.id, amount: 45 },
        ],
      },
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().issues).toEqual([
      { path: 'split', message: 'A deleted account cannot take on more of a bill: nobody could settle it.' },
    ]);
    // The consolidation settles what the bills said before: Dan owes his half of the coffee (5), nothing more.
    const txs = await as(t, ann)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect(txs.statusCode, txs.body).toBe(200);
    const fromDan = (txs.json().data as { payerId: number; amount: number }[])
      .filter((x) => x.payerId === dan.id)
      .reduce((sum, x) => sum + x.amount, 0);
    expect(fromDan).toBe(5);
  });

  it('refuses every way of naming the deleted account anew: payer, equal, shares, percent, item', async () => {
    const { ann, ben, dan, dinner } = await roomWithDeletedDan();
    const patch = (body: object) => as(t, ann)('PATCH', `/v1/bills/${dinner}`, body);
    const cases: [object, string][] = [
      [{ paidBy: dan.id }, 'paidBy'],
      [{ split: { mode: 'equal', userIds: [ann.id, ben.id, dan.id] } }, 'split'],
      [
        {
          split: {
            mode: 'shares',
            shares: [
              { userId: ann.id, shares: 1 },
              { userId: dan.id, shares: 1 },
            ],
          },
        },
        'split',
      ],
      [
        {
          split: {
            mode: 'percent',
            percents: [
              { userId: ann.id, percent: 50 },
              { userId: dan.id, percent: 50 },
            ],
          },
        },
        'split',
      ],
      [
        {
          amount: 90,
          split: {
            mode: 'items',
            items: [
              { name: 'Pasta', amount: 45, userIds: [ann.id] },
              { name: 'Steak', amount: 45, userIds: [ben.id, dan.id] },
            ],
            charges: [],
          },
        },
        'split',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await patch(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().issues[0].path).toBe(path);
    }
    const after = billResponse.parse((await patch({ name: 'Dinner' })).json()).data;
    expect(after.ownerId).toBe(ann.id);
    expect(after.shares.map((s) => s.userId).sort()).toEqual([ann.id, ben.id].sort());
  });

  it('a bill he is already in can still be edited, as long as his part does not grow', async () => {
    const { ben, dan, coffee } = await roomWithDeletedDan();
    const patch = (body: object) => as(t, ben)('PATCH', `/v1/bills/${coffee}`, body);
    expect((await patch({ name: 'Coffees' })).statusCode).toBe(200);
    const grown = await patch({ amount: 12 });
    expect(grown.statusCode, grown.body).toBe(400);
    expect(grown.json().issues[0].path).toBe('split');
    const smaller = await patch({ amount: 8 });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(sharesOf(smaller)).toEqual({ [ben.id]: 4, [dan.id]: 4 });
    const out = await patch({ split: { mode: 'equal', userIds: [ben.id] } });
    expect(out.statusCode, out.body).toBe(200);
    expect(sharesOf(out)).toEqual({ [ben.id]: 8 });
    // Once out, he cannot be put back.
    expect((await patch({ split: { mode: 'equal', userIds: [ben.id, dan.id] } })).statusCode).toBe(400);
  });

  it('a bill deleted before he left cannot be restored onto him; one without him can', async () => {
    const [ann, ben, dan] = await people(3);
    const room = await roomOf([ann!, ben!, dan!]);
    const bill = async (userIds: number[]) =>
      billResponse.parse(
        (await post(ben!, { roomId: room.id, amount: 10, split: { mode: 'equal', userIds } })).json(),
      ).data.id;
    const withDan = await bill([ben!.id, dan!.id]);
    const withoutDan = await bill([ann!.id, ben!.id]);
    for (const id of [withDan, withoutDan])
      expect((await as(t, ben!)('DELETE', `/v1/bills/${id}`)).statusCode).toBe(200);
    const gone = await as(t, dan!)('DELETE', `/v1/users/${dan!.id}`, { password: dan!.password });
    expect(gone.statusCode, gone.body).toBe(200);

    const refused = await as(t, ben!)('POST', `/v1/bills/${withDan}/restore`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'DELETED_ACCOUNT_IN_BILL',
      message: 'This bill names a deleted account: restored, it would leave a debt nobody can settle.',
    });
    const { rows } = await t.database.pool.query(
      'SELECT deleted_at IS NOT NULL AS deleted FROM bills WHERE id = $1',
      [withDan],
    );
    expect(rows).toEqual([{ deleted: true }]);
    expect((await as(t, ben!)('POST', `/v1/bills/${withoutDan}/restore`)).statusCode).toBe(200);
  });
});
