import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billsNotAddingUp, moneyHelpers } from '../../test/ledger.js';
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

describe('POST /v1/bills with a split (docs/api/README.md#splitting)', () => {
  it('equal among chosen people, paid by another member: shares, payers and includeOwner derived', async () => {
    const [ann, ben, cat, dan] = await people(4);
    const room = await roomOf([ann!, ben!, cat!, dan!]);
    const res = await post(ann!, {
      roomId: room.id,
      amount: 10,
      paidBy: ben!.id,
      split: { mode: 'equal', userIds: [ben!.id, cat!.id, String(dan!.id)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = billResponse.parse(res.json()).data;
    expect(b).toMatchObject({ ownerId: ben!.id, createdBy: ann!.id, includeOwner: true, currency: 'USD' });
    expect(b.payers).toEqual([cat!.id, dan!.id].sort((x, y) => x - y));
    expect(b.split).toEqual({ mode: 'equal', userIds: [ben!.id, cat!.id, dan!.id] });
    expect(b.shares.reduce((s, x) => s + Math.round(x.amount * 100), 0)).toBe(1000);
    expect(b.shares.map((s) => s.amount).sort()).toEqual([3.33, 3.33, 3.34]);
    const { rows } = await t.database.pool.query(
      'SELECT user_id, amount_minor FROM bill_shares WHERE bill_id = $1 ORDER BY user_id',
      [b.id],
    );
    expect(rows.map((r) => r.amount_minor).sort()).toEqual([333, 333, 334]);
  });

  it('exact amounts, shares 2:1:1 and percents', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    const exact = await post(ann!, {
      roomId: room.id,
      amount: 50,
      split: {
        mode: 'exact',
        amounts: [
          { userId: ann!.id, amount: 20.5 },
          { userId: ben!.id, amount: 29.5 },
          { userId: cat!.id, amount: 0 },
        ],
      },
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(sharesOf(exact)).toEqual({ [ann!.id]: 20.5, [ben!.id]: 29.5, [cat!.id]: 0 });
    expect(billResponse.parse(exact.json()).data.payers).toEqual([ben!.id]);

    const shares = await post(ann!, {
      roomId: room.id,
      amount: 100,
      split: {
        mode: 'shares',
        shares: [
          { userId: ann!.id, shares: 2 },
          { userId: ben!.id, shares: 1 },
          { userId: cat!.id, shares: 1 },
        ],
      },
    });
    expect(sharesOf(shares)).toEqual({ [ann!.id]: 50, [ben!.id]: 25, [cat!.id]: 25 });

    const percent = await post(ann!, {
      roomId: room.id,
      amount: 100,
      split: {
        mode: 'percent',
        percents: [
          { userId: ann!.id, percent: 50 },
          { userId: ben!.id, percent: 25 },
          { userId: cat!.id, percent: 25 },
        ],
      },
    });
    expect(sharesOf(percent)).toEqual(sharesOf(shares));
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
  });

  it('by items with 10% service then 9% tax on both, the amount derived from the receipt', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    const res = await post(ann!, {
      roomId: room.id,
      split: {
        mode: 'items',
        items: [
          { name: 'Pasta', amount: 18, userIds: [ann!.id] },
          { name: 'Steak', amount: 32, userIds: [ben!.id] },
          { name: 'Wine', amount: 45, userIds: [ann!.id, ben!.id, cat!.id] },
        ],
        charges: [
          { name: 'Service', percent: 10 },
          { name: 'GST', percent: 9 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = billResponse.parse(res.json()).data;
    // 95.00 + 9.50 service = 104.50; 9% of 104.50 = 9.405 → 9.41 (half up); 113.91.
    expect(b.amount).toBe(113.91);
    expect(b.split).toMatchObject({
      mode: 'items',
      charges: [
        { name: 'Service', percent: 10, amount: 9.5 },
        { name: 'GST', percent: 9, amount: 9.41 },
      ],
    });
    const s = sharesOf(res);
    expect(Object.values(s).reduce((x, y) => x + y, 0)).toBeCloseTo(113.91, 9);
    // Cat had a third of the wine (15.00) → 15 × 113.91 / 95 = 17.9857… → 17.99 or 17.98.
    expect(Math.abs(s[cat!.id]! - (15 * 113.91) / 95)).toBeLessThan(0.01);
    // An amount sent with the items must agree with them.
    const wrong = await post(ann!, {
      roomId: room.id,
      amount: 113.9,
      split: {
        mode: 'items',
        items: [{ name: 'Pasta', amount: 18, userIds: [ann!.id] }],
        charges: [],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/18\.00.*113\.90|113\.90.*18\.00/);
  });

  it('amounts follow the room currency: JPY has no decimals, KWD three', async () => {
    const [ann, ben] = await people(2);
    const yen = await roomOf([ann!, ben!], { currency: 'jpy' });
    expect(yen.currency).toBe('JPY');
    const ok = await post(ann!, { roomId: yen.id, amount: 1001, payers: [ben!.id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(billResponse.parse(ok.json()).data).toMatchObject({ amount: 1001, currency: 'JPY' });
    expect(sharesOf(ok)).toEqual({ [ann!.id]: expect.any(Number), [ben!.id]: expect.any(Number) });
    expect(Object.values(sharesOf(ok)).sort()).toEqual([500, 501]);
    const fractional = await post(ann!, { roomId: yen.id, amount: 10.5, payers: [ben!.id] });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().issues[0].path).toBe('amount');
    const kwd = await roomOf([ann!, ben!], { currency: 'KWD' });
    const fils = await post(ann!, { roomId: kwd.id, amount: 1.005, payers: [ben!.id] });
    expect(fils.statusCode, fils.body).toBe(200);
    expect(billResponse.parse(fils.json()).data.amount).toBe(1.005);
    const { rows } = await t.database.pool.query('SELECT amount_minor FROM bills WHERE id = $1', [
      fils.json().data.id,
    ]);
    expect(rows[0].amount_minor).toBe(1005);
    expect((await post(ann!, { roomId: kwd.id, amount: 1.0005, payers: [ben!.id] })).statusCode).toBe(400);
    // A currency nobody has is refused at room creation.
    const bad = await as(t, ann!)('POST', '/v1/rooms', {
      room: { ...(await import('../../test/rooms.js')).roomPayload().room, currency: 'ABC' },
      invitees: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('room.currency');
  });

  it('the host changes the currency only while the room has no bills', async () => {
    const [ann, ben] = await people(2);
    const room = await roomOf([ann!, ben!]);
    const edit = (currency: string) =>
      as(t, ann!)('PATCH', `/v1/rooms/${room.id}/edit`, {
        venue: room.venue,
        placeId: room.venuePlaceId,
        date: room.date.slice(0, 10),
        time: room.time,
        description: room.description,
        currency,
      });
    const changed = await edit('SGD');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.currency).toBe('SGD');
    await post(ann!, { roomId: room.id, amount: 5, payers: [ben!.id] });
    expect((await edit('EUR')).statusCode).toBe(409);
    expect((await edit('SGD')).statusCode).toBe(200); // unchanged is fine
  });
});
