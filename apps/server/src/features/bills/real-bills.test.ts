import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesResponse, billResponse, roomStatsResponse, type Bill } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { billsNotAddingUp, expectLedgerSettled, moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/**
 * Real bills (issue 36, docs/api/README.md#bills): several payers, receipts as printed, a foreign currency, through
 * POST and PATCH /v1/bills, checked against values worked out by hand here and against the room's balances and
 * statistics.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people } = moneyHelpers(() => t);
const post = (u: TestUser, body: object) => as(t, u)('POST', '/v1/bills', { name: 'Dinner', ...body });
const patch = (u: TestUser, id: number, body: object) => as(t, u)('PATCH', `/v1/bills/${id}`, body);
const billOf = (res: { statusCode: number; body: string; json(): unknown }): Bill => {
  expect(res.statusCode, res.body).toBe(200);
  return billResponse.parse(res.json()).data;
};
const byUser = (list: { userId: number; amount: number }[] | undefined) =>
  Object.fromEntries((list ?? []).map((x) => [x.userId, x.amount]));
const cents = (amount: number) => Math.round(amount * 100);

async function balances(u: TestUser, roomId: string) {
  const res = await as(t, u)('GET', `/v1/rooms/${roomId}/balances`);
  expect(res.statusCode, res.body).toBe(200);
  const data = balancesResponse.parse(res.json()).data;
  return Object.fromEntries(data.members.map((m) => [m.userId, { paid: m.paid, owes: m.owes, net: m.net }]));
}

async function stats(u: TestUser, roomId: string) {
  const res = await as(t, u)('GET', `/v1/rooms/${roomId}/stats`);
  expect(res.statusCode, res.body).toBe(200);
  return roomStatsResponse.parse(res.json()).data;
}

function refusal(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; issues?: { path: string; message: string }[] };
  return { message: body.message, paths: (body.issues ?? []).map((e) => e.path) };
}

/** The issue's receipt, for a room of ann, ben, cy and di (crab for everyone, prawns for two, 3 beers). */
const receipt = (ann: TestUser, ben: TestUser, cy: TestUser, di: TestUser) => ({
  mode: 'items',
  items: [
    { name: 'Crab', amount: 88, userIds: 'all' },
    { name: 'Prawns', amount: 32, userIds: [ann.id, ben.id] },
    { name: 'Beer', amount: 27, quantity: 3, userIds: [ben.id, cy.id, di.id] },
  ],
  charges: [
    { name: 'Service', percent: 10 },
    { name: 'Voucher', amount: -10 },
    { name: 'GST', percent: 9 },
  ],
});

describe('the issue’s receipt, paid by two', () => {
  it('shares, subtotal, amount, payers, balances and statistics worked out by hand', async () => {
    const [ann, ben, cy, di] = (await people(4)) as [TestUser, TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben, cy, di], { currency: 'SGD' });
    // Items: crab 88 / 4 = 22 each; prawns 32 / 2 = 16 for ann and ben; beer 27 / 3 = 9 for ben, cy and di.
    // Per person: ann 22 + 16 = 38, ben 22 + 16 + 9 = 47, cy 22 + 9 = 31, di 31; subtotal 147.00.
    // Service 10% of 147.00 = 14.70 → 161.70; voucher −10.00 → 151.70; GST 9% of 151.70 = 13.653 → 13.65 (half
    // up) → amount 151.70 + 13.65 = 165.35.
    // Exact shares, in cents = items × 16535 / 147: ann 38 × 16535 / 147 = 4274.35…, ben 47 × … = 5286.70…,
    // cy and di 31 × … = 3486.97… each. Floors 4274 + 5286 + 3486 + 3486 = 16532: the 3 cents left go to the
    // largest remainders, cy (.97), di (.97) and ben (.70): ann 42.74, ben 52.87, cy 34.87, di 34.87.
    // Paid: ann 100.00, ben 65.35 (= 165.35 − 100.00); the owner is ann, who paid most.
    const b = billOf(
      await post(cy, {
        roomId: room.id,
        name: 'Seafood',
        paidBy: [
          { userId: ben.id, amount: 65.35 },
          { userId: ann.id, amount: 100 },
        ],
        split: receipt(ann, ben, cy, di),
      }),
    );
    expect(b).toMatchObject({
      amount: 165.35,
      subtotal: 147,
      originalAmount: 165.35,
      currency: 'SGD',
      rate: null,
    });
    expect(b.ownerId).toBe(ann.id);
    expect(byUser(b.shares)).toEqual({ [ann.id]: 42.74, [ben.id]: 52.87, [cy.id]: 34.87, [di.id]: 34.87 });
    expect(byUser(b.paidBy)).toEqual({ [ann.id]: 100, [ben.id]: 65.35 });
    expect(b.paidBy).toHaveLength(2);
    // "all" was the four members when saving; the charges as the receipt prints them.
    expect(b.split).toMatchObject({
      mode: 'items',
      items: [
        { name: 'Crab', amount: 88, userIds: [ann.id, ben.id, cy.id, di.id].sort((x, y) => x - y) },
        { name: 'Prawns', amount: 32 },
        { name: 'Beer', amount: 27, quantity: 3 },
      ],
      charges: [
        { name: 'Service', percent: 10, amount: 14.7 },
        { name: 'Voucher', amount: -10 },
        { name: 'GST', percent: 9, amount: 13.65 },
      ],
    });
    // Balances: net = paid − owes. ann 100 − 42.74 = 57.26; ben 65.35 − 52.87 = 12.48; cy and di −34.87.
    const bal = await balances(ann, room.id);
    expect(bal[ann.id]).toEqual({ paid: 100, owes: 42.74, net: 57.26 });
    expect(bal[ben.id]).toEqual({ paid: 65.35, owes: 52.87, net: 12.48 });
    expect(bal[cy.id]).toEqual({ paid: 0, owes: 34.87, net: -34.87 });
    expect(bal[di.id]).toEqual({ paid: 0, owes: 34.87, net: -34.87 });
    const ledger = await expectLedgerSettled(t, room.id);
    expect(ledger.nets.get(ben.id)).toBe(1248);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
    // Statistics credit each payer what they paid.
    const s = await stats(di, room.id);
    expect(s.total).toBe(165.35);
    expect(Object.fromEntries(s.byMember.map((m) => [m.userId, m.paid]))).toEqual({
      [ann.id]: 100,
      [ben.id]: 65.35,
      [cy.id]: 0,
      [di.id]: 0,
    });
    // The CSV export tells what each payer paid.
    const csv = await as(t, ann)('GET', `/v1/rooms/${room.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    const paidRows = csv.body.split(/\r?\n/).filter((line) => line.startsWith('Paid,'));
    expect(paidRows.map((line) => line.split(',').slice(4, 7).join(',')).sort()).toEqual(
      [`${ann.username},,100.00`, `${ben.username},,65.35`].sort(),
    );
    // GET answers the same bill.
    const listed = (await as(t, di)('GET', `/v1/bills?roomId=${room.id}`)).json() as { data: Bill[] };
    expect(byUser(listed.data[0]!.paidBy)).toEqual({ [ann.id]: 100, [ben.id]: 65.35 });
  });

  it('refuses a receipt whose amount ends at 0 or below after a voucher', async () => {
    const [ann, ben] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([ann, ben], { currency: 'SGD' });
    const res = await post(ann, {
      roomId: room.id,
      split: {
        mode: 'items',
        items: [{ name: 'Coffee', amount: 5, userIds: 'all' }],
        charges: [{ name: 'Voucher', amount: -10 }],
      },
    });
    const r = refusal(res);
    expect(r.paths).toEqual(['split.charges.0']);
    expect(r.message).toMatch(/comes to -5.00/);
    expect(await billsNotAddingUp(t, room.id)).toEqual([]);
  });
});

describe('a bill in another currency', () => {
  it('¥12,345 at 0.0091 in a SGD room: 112.34 SGD, shares and balances in SGD', async () => {
    const [ann, ben, cy] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben, cy], { currency: 'SGD' });
    // 12345 × 0.0091 = 112.3395 SGD → half up to the cent: 112.34. Equal among three: ¥4,115 each exactly, then
    // 11234 cents / 3 = 3744.67 each: floors 3744 × 3 = 11232, 2 cents left for two of the three (the tie rule):
    // 37.44, 37.45, 37.45.
    const b = billOf(
      await post(ann, {
        roomId: room.id,
        name: 'Ramen',
        amount: 12345,
        currency: 'JPY',
        rate: '0.0091',
        split: { mode: 'equal', userIds: [ann.id, ben.id, cy.id] },
      }),
    );
    expect(b).toMatchObject({
      amount: 112.34,
      originalAmount: 12345,
      subtotal: 12345,
      currency: 'JPY',
      rate: '0.0091',
      roomCurrency: 'SGD',
      ownerId: ann.id,
    });
    expect(b.shares.map((s) => s.amount).sort()).toEqual([37.44, 37.45, 37.45]);
    expect(b.shares.reduce((sum, s) => sum + cents(s.amount), 0)).toBe(11234);
    expect(b.paidBy).toEqual([{ userId: ann.id, amount: 112.34 }]);
    expect(b.originalPaidBy).toEqual([{ userId: ann.id, amount: 12345 }]);
    expect(b.split).toEqual({ mode: 'equal', userIds: [ann.id, ben.id, cy.id] });
    const bal = await balances(ben, room.id);
    const share = byUser(b.shares);
    expect(bal[ann.id]).toEqual({
      paid: 112.34,
      owes: share[ann.id],
      net: (11234 - cents(share[ann.id]!)) / 100,
    });
    expect(bal[ben.id]!.net).toBe(-share[ben.id]!);
    expect(bal[cy.id]!.net).toBe(-share[cy.id]!);
    await expectLedgerSettled(t, room.id);
  });

  it('with what it came to on the card (convertedAmount) instead of a rate, paid by two in yen', async () => {
    const [ann, ben] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([ann, ben], { currency: 'SGD' });
    // ¥12,345 came to 113.00 SGD on the card. Paid ¥10,000 by ann and ¥2,345 by ben: scaled to 11300 cents,
    // ann 10000 × 11300 / 12345 = 9153.50… and ben 2345 × 11300 / 12345 = 2146.49…: floors 9153 + 2146 = 11299,
    // the cent left to the larger remainder, ann (.50 > .49): ann 91.54, ben 21.46.
    const b = billOf(
      await post(ann, {
        roomId: room.id,
        amount: 12345,
        currency: 'JPY',
        convertedAmount: 113,
        paidBy: [
          { userId: ann.id, amount: 10000 },
          { userId: ben.id, amount: 2345 },
        ],
        split: { mode: 'equal', userIds: [ann.id, ben.id] },
      }),
    );
    expect(b).toMatchObject({ amount: 113, originalAmount: 12345, currency: 'JPY', rate: null });
    expect(byUser(b.paidBy)).toEqual({ [ann.id]: 91.54, [ben.id]: 21.46 });
    expect(byUser(b.originalPaidBy)).toEqual({ [ann.id]: 10000, [ben.id]: 2345 });
    expect(b.shares.reduce((sum, s) => sum + cents(s.amount), 0)).toBe(11300);
    const bal = await balances(ann, room.id);
    expect(bal[ann.id]!.paid).toBe(91.54);
    expect(bal[ben.id]!.paid).toBe(21.46);
    await expectLedgerSettled(t, room.id);
    // An edit of the name keeps the currency and the converted amount.
    const renamed = billOf(await patch(ann, b.id, { name: 'Izakaya' }));
    expect(renamed).toMatchObject({ amount: 113, originalAmount: 12345, currency: 'JPY', rate: null });
    expect(byUser(renamed.paidBy)).toEqual({ [ann.id]: 91.54, [ben.id]: 21.46 });
    // A new rate instead: ¥12,345 × 0.0091 = 112.34.
    const rated = billOf(await patch(ann, b.id, { rate: '0.0091' }));
    expect(rated).toMatchObject({ amount: 112.34, rate: '0.0091' });
    // Back to the room's currency: the amount and the payers again in SGD.
    const back = billOf(
      await patch(ann, b.id, {
        currency: 'SGD',
        amount: 50,
        rate: null,
        paidBy: ann.id,
      }),
    );
    expect(back).toMatchObject({ amount: 50, originalAmount: 50, currency: 'SGD', rate: null });
    expect(back.paidBy).toEqual([{ userId: ann.id, amount: 50 }]);
    await expectLedgerSettled(t, room.id);
  });
});

describe('refusals', () => {
  it('payers not adding up, a payer who is not a member, bad rates, a rate for the room’s own currency', async () => {
    const [ann, ben, out] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben], { currency: 'SGD' });
    const base = { roomId: room.id, amount: 100, split: { mode: 'equal', userIds: [ann.id, ben.id] } };

    const short = refusal(
      await post(ann, {
        ...base,
        paidBy: [
          { userId: ann.id, amount: 50 },
          { userId: ben.id, amount: 40 },
        ],
      }),
    );
    expect(short.paths).toEqual(['paidBy']);
    expect(short.message).toMatch(/add up to 90\.00, not 100\.00/);

    const stranger = refusal(
      await post(ann, {
        ...base,
        paidBy: [
          { userId: ann.id, amount: 50 },
          { userId: out.id, amount: 50 },
        ],
      }),
    );
    expect(stranger.paths).toEqual(['paidBy']);
    expect(stranger.message).toMatch(/member/);

    const zeroPayer = refusal(
      await post(ann, {
        ...base,
        paidBy: [
          { userId: ann.id, amount: 100 },
          { userId: ben.id, amount: 0 },
        ],
      }),
    );
    expect(zeroPayer.paths[0]).toMatch(/^paidBy/);

    const yen = { ...base, amount: 12345, currency: 'JPY' };
    const digits = refusal(await post(ann, { ...yen, rate: '0.1234567890123' }));
    expect(digits.paths).toEqual(['rate']);
    expect(digits.message).toMatch(/12 significant digits/);
    expect(refusal(await post(ann, { ...yen, rate: '0' })).paths).toEqual(['rate']);
    expect(refusal(await post(ann, { ...yen, rate: '-0.5' })).paths).toEqual(['rate']);
    expect(refusal(await post(ann, { ...yen })).paths).toEqual(['rate']);
    expect(refusal(await post(ann, { ...base, currency: 'SGD', rate: '1.5' })).paths).toEqual(['rate']);
    expect(refusal(await post(ann, { ...base, currency: 'XYZ', rate: '1.5' })).paths).toEqual(['currency']);

    // Nothing was saved.
    const listed = (await as(t, ann)('GET', `/v1/bills?roomId=${room.id}`)).json() as { data: Bill[] };
    expect(listed.data).toEqual([]);
  });
});

describe('PATCH /v1/bills/{id}', () => {
  it('from one payer to two and back, the balances following', async () => {
    const [ann, ben, cy] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben, cy], { currency: 'SGD' });
    const b = billOf(
      await post(ann, {
        roomId: room.id,
        amount: 30,
        split: { mode: 'equal', userIds: [ann.id, ben.id, cy.id] },
      }),
    );
    expect(b.paidBy).toEqual([{ userId: ann.id, amount: 30 }]);
    // Two payers: ben 20, cy 10; ben paid most and owns it. Shares 10 each: nets ann −10, ben +10, cy 0.
    const two = billOf(
      await patch(ann, b.id, {
        paidBy: [
          { userId: cy.id, amount: 10 },
          { userId: ben.id, amount: 20 },
        ],
      }),
    );
    expect(two.ownerId).toBe(ben.id);
    expect(byUser(two.paidBy)).toEqual({ [ben.id]: 20, [cy.id]: 10 });
    let bal = await balances(ann, room.id);
    expect([bal[ann.id]!.net, bal[ben.id]!.net, bal[cy.id]!.net]).toEqual([-10, 10, 0]);
    await expectLedgerSettled(t, room.id);
    // Equal amounts: the lowest id owns it.
    const tie = billOf(
      await patch(ben, b.id, {
        paidBy: [
          { userId: cy.id, amount: 15 },
          { userId: ben.id, amount: 15 },
        ],
      }),
    );
    expect(tie.ownerId).toBe(Math.min(ben.id, cy.id));
    // A new amount without new payers: they no longer add up.
    expect(refusal(await patch(ben, b.id, { amount: 40 })).paths).toEqual(['paidBy']);
    // Back to one payer: ann, as the bill began.
    const back = billOf(await patch(ben, b.id, { paidBy: ann.id }));
    expect(back.ownerId).toBe(ann.id);
    expect(back.paidBy).toEqual([{ userId: ann.id, amount: 30 }]);
    const { rows } = await t.database.pool.query('SELECT 1 FROM bill_paid_by WHERE bill_id = $1', [b.id]);
    expect(rows).toEqual([]);
    bal = await balances(ann, room.id);
    expect([bal[ann.id]!.net, bal[ben.id]!.net, bal[cy.id]!.net]).toEqual([20, -10, -10]);
    await expectLedgerSettled(t, room.id);
  });

  it('turns a bill into a receipt with "all" and a voucher', async () => {
    const [ann, ben] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([ann, ben], { currency: 'SGD' });
    const b = billOf(
      await post(ann, { roomId: room.id, amount: 20, split: { mode: 'equal', userIds: [ann.id, ben.id] } }),
    );
    // Pizza 30.00 for both, fixed delivery 5.00, voucher −10.00: 25.00, 12.50 each.
    const edited = billOf(
      await patch(ann, b.id, {
        split: {
          mode: 'items',
          items: [{ name: 'Pizza', amount: 30, userIds: 'all' }],
          charges: [
            { name: 'Delivery', amount: 5 },
            { name: 'Voucher', amount: -10 },
          ],
        },
      }),
    );
    expect(edited).toMatchObject({ amount: 25, subtotal: 30 });
    expect(byUser(edited.shares)).toEqual({ [ann.id]: 12.5, [ben.id]: 12.5 });
  });
});

describe('notifications', () => {
  const noticesOf = async (u: TestUser, billId: number) =>
    (
      await t.database.pool.query(
        `SELECT kind FROM notifications WHERE user_id = $1 AND url LIKE $2 ORDER BY id`,
        [u.id, `%?bill=${billId}`],
      )
    ).rows.map((r) => r.kind as string);

  it('a payer without a share is told of the bill, and told when an edit takes them out of it', async () => {
    const [ann, ben, cy] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben, cy], { currency: 'SGD' });
    // Ben put down 30 of a dinner he did not eat: split between ann and cy only.
    const b = billOf(
      await post(ann, {
        roomId: room.id,
        amount: 80,
        paidBy: [
          { userId: ann.id, amount: 50 },
          { userId: ben.id, amount: 30 },
        ],
        split: { mode: 'equal', userIds: [ann.id, cy.id] },
      }),
    );
    expect(b.shares.find((s) => s.userId === ben.id)).toBeUndefined();
    expect(await noticesOf(ben, b.id)).toEqual(['bill_added']);
    expect(await noticesOf(cy, b.id)).toEqual(['bill_added']);
    expect(await noticesOf(ann, b.id)).toEqual([]);
    // Ann paid it all after all: ben is no longer in the bill, and is told.
    billOf(await patch(ann, b.id, { paidBy: ann.id }));
    expect(await noticesOf(ben, b.id)).toEqual(['bill_added', 'bill_changed']);
  });
});

describe('old clients', () => {
  it('a §7.1 body (payers + includeOwner) and a §10 body answer as before, plus the new fields', async () => {
    const [ann, ben, cy] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben, cy]);
    const old = billOf(
      await post(ann, { roomId: room.id, amount: 10, payers: [ben.id, cy.id], includeOwner: true }),
    );
    expect(old).toMatchObject({ ownerId: ann.id, amount: 10, currency: 'USD', includeOwner: true });
    expect(old.payers).toEqual([ben.id, cy.id].sort((x, y) => x - y));
    expect(old.shares.map((s) => s.amount).sort()).toEqual([3.33, 3.33, 3.34]);
    expect(old).toMatchObject({
      paidBy: [{ userId: ann.id, amount: 10 }],
      subtotal: 10,
      originalAmount: 10,
      rate: null,
      roomCurrency: 'USD',
    });
    const ten = billOf(
      await post(ann, {
        roomId: room.id,
        amount: 12,
        paidBy: ben.id,
        split: {
          mode: 'shares',
          shares: [
            { userId: ann.id, shares: 1 },
            { userId: cy.id, shares: 2 },
          ],
        },
      }),
    );
    expect(ten).toMatchObject({ ownerId: ben.id, paidBy: [{ userId: ben.id, amount: 12 }] });
    expect(byUser(ten.shares)).toEqual({ [ann.id]: 4, [cy.id]: 8 });
    const edited = billOf(await patch(ben, ten.id, { amount: 15 }));
    expect(byUser(edited.shares)).toEqual({ [ann.id]: 5, [cy.id]: 10 });
    expect(edited.paidBy).toEqual([{ userId: ben.id, amount: 15 }]);
    const bal = await balances(ann, room.id);
    expect(bal[ben.id]!.paid).toBe(15);
    await expectLedgerSettled(t, room.id);
  });
});
