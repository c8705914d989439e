import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityResponse,
  billResponse,
  billsResponse,
  errorEnvelopeSchema,
  notificationsResponse,
  pictureResponse,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';
import { pixels } from '../pictures/test-images.js';

/**
 * Issue 36 (docs/api/README.md#bills): a bill's category, note and receipt picture, on POST and PATCH /v1/bills and on
 * every bill answer; a bill made without them answers as before, with them null.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people } = moneyHelpers(() => t);

/** A picture `u` uploads through POST /v1/pictures (docs/api/README.md#pictures); its id. */
async function uploadAs(u: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/pictures',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${u.token}` },
    payload: await pixels(48, 64).png().toBuffer(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return pictureResponse.parse(res.json()).data.id;
}

const refusal = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(400);
  return errorEnvelopeSchema.parse(JSON.parse(res.body));
};
const issuePaths = (res: { statusCode: number; body: string }) =>
  (refusal(res).issues ?? []).map((i) => i.path);

describe('a bill’s category, note and receipt', () => {
  it('are taken on create, answered on every read, changed and cleared by PATCH, and told in the activity', async () => {
    const [ann, ben] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([ann, ben]);
    const receipt = await uploadAs(ann);
    const made = await as(t, ann)('POST', '/v1/bills', {
      name: 'Dinner',
      roomId: room.id,
      amount: 42,
      split: { mode: 'equal', userIds: [ann.id, ben.id] },
      category: 'food',
      note: '  Crab for everyone\r\nprawns for two  ',
      receiptPictureId: receipt.toUpperCase(),
    });
    expect(made.statusCode, made.body).toBe(200);
    const bill = billResponse.parse(made.json()).data;
    expect(bill).toMatchObject({
      category: 'food',
      // Several lines, CRLF as LF, trimmed (the contract's multi-line text).
      note: 'Crab for everyone\nprawns for two',
      receiptPictureId: receipt,
      receiptPictureUrl: `/v1/pictures/${receipt}.webp`,
    });
    // The list answers the same.
    const listed = billsResponse.parse((await as(t, ben)('GET', `/v1/bills?roomId=${room.id}`)).json()).data;
    expect(listed.find((b) => b.id === bill.id)).toMatchObject({
      category: 'food',
      note: bill.note,
      receiptPictureUrl: bill.receiptPictureUrl,
    });
    // Another member opens the receipt full-screen: pictures are served by id, with no token (an <img>).
    const picture = await t.app.inject({ method: 'GET', url: bill.receiptPictureUrl! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    // ben (a member who neither added nor paid it) may not change it; the host and its author may.
    const notYours = await as(t, ben)('PATCH', `/v1/bills/${bill.id}`, { category: 'drinks' });
    expect(notYours.statusCode).toBe(403);
    const notices = async () =>
      notificationsResponse.parse((await as(t, ben)('GET', '/v1/notifications')).json()).data.length;
    const noticesBefore = await notices();
    const recat = await as(t, ann)('PATCH', `/v1/bills/${bill.id}`, { category: 'drinks', note: 'Beers' });
    expect(recat.statusCode, recat.body).toBe(200);
    const recategorised = billResponse.parse(recat.json()).data;
    expect(recategorised).toMatchObject({ category: 'drinks', note: 'Beers', receiptPictureId: receipt });
    // The money did not move: the same amount and shares.
    expect(recategorised.amount).toBe(42);
    expect(recategorised.shares).toEqual(bill.shares);
    // A new category or note is no one's money: no notification to the bill's people.
    expect(await notices()).toBe(noticesBefore);

    // null clears each of them; what is left out stays.
    const cleared = await as(t, ann)('PATCH', `/v1/bills/${bill.id}`, { note: null, receiptPictureId: null });
    expect(billResponse.parse(cleared.json()).data).toMatchObject({
      category: 'drinks',
      note: null,
      receiptPictureId: null,
      receiptPictureUrl: null,
    });
    const all = await as(t, ann)('PATCH', `/v1/bills/${bill.id}`, { category: null, note: '   ' });
    expect(billResponse.parse(all.json()).data).toMatchObject({ category: null, note: null });
    // A picture no longer on a bill stays the uploader's: it may be attached again.
    const again = await as(t, ann)('PATCH', `/v1/bills/${bill.id}`, { receiptPictureId: receipt });
    expect(billResponse.parse(again.json()).data.receiptPictureId).toBe(receipt);

    // The bill's history tells each change, field by field.
    const history = activityResponse.parse(
      (await as(t, ann)('GET', `/v1/bills/${bill.id}/activity`)).json(),
    ).data;
    const changes = history
      .filter((e) => e.kind === 'bill_edited')
      .reverse()
      .flatMap((e) => e.changes ?? []);
    expect(changes).toEqual([
      { field: 'category', before: 'food', after: 'drinks' },
      { field: 'note', before: 'Crab for everyone\nprawns for two', after: 'Beers' },
      { field: 'note', before: 'Beers', after: null },
      { field: 'receiptPictureId', before: receipt, after: null },
      { field: 'category', before: 'drinks', after: null },
      { field: 'receiptPictureId', before: null, after: receipt },
    ]);
  });

  it('a bill made as before answers as before, with the new fields null', async () => {
    const [ann, ben] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([ann, ben]);
    // The original client's body: payers and includeOwner, nothing of issue 36.
    const old = await as(t, ann)('POST', '/v1/bills', {
      name: 'Taxi',
      roomId: room.id,
      amount: 12,
      payers: [ben.id],
      includeOwner: true,
    });
    expect(old.statusCode, old.body).toBe(200);
    const bill = billResponse.parse(old.json()).data;
    expect(bill).toMatchObject({ name: 'Taxi', amount: 12, ownerId: ann.id, payers: [ben.id] });
    // Ascending user id (people() makes the two at once, in either order).
    expect(bill.shares).toEqual(
      [
        { userId: ann.id, amount: 6 },
        { userId: ben.id, amount: 6 },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect(bill).toMatchObject({
      category: null,
      note: null,
      receiptPictureId: null,
      receiptPictureUrl: null,
    });
    // An edit that names none of them leaves them as they were.
    const renamed = await as(t, ann)('PATCH', `/v1/bills/${bill.id}`, { name: 'Cab' });
    expect(billResponse.parse(renamed.json()).data).toMatchObject({
      name: 'Cab',
      category: null,
      note: null,
    });
  });

  it('refuses an unknown category, a note over 500 characters, someone else’s picture and a missing one', async () => {
    const [ann, ben] = (await people(2)) as [TestUser, TestUser];
    const room = await roomOf([ann, ben]);
    const bensPicture = await uploadAs(ben);
    const body = (extra: object) => ({
      name: 'Lunch',
      roomId: room.id,
      amount: 10,
      split: { mode: 'equal', userIds: [ann.id, ben.id] },
      ...extra,
    });
    const post = (extra: object) => as(t, ann)('POST', '/v1/bills', body(extra));

    expect(issuePaths(await post({ category: 'pets' }))).toEqual(['category']);
    expect(issuePaths(await post({ category: 'Food' }))).toEqual(['category']);
    const long = await post({ note: 'x'.repeat(501) });
    expect(issuePaths(long)).toEqual(['note']);
    expect(refusal(long).issues![0]!.message).toBe('A note must be at most 500 characters');
    expect(issuePaths(await post({ note: 'a\u0000b' }))).toEqual(['note']);
    expect(issuePaths(await post({ receiptPictureId: 'not-a-uuid' }))).toEqual(['receiptPictureId']);

    const others = refusal(await post({ receiptPictureId: bensPicture }));
    expect(others.message).toBe('Choose a receipt picture you uploaded.');
    expect(others.issues!.map((i) => i.path)).toEqual(['receiptPictureId']);
    const missing = refusal(await post({ receiptPictureId: '3f1d2c4b-5a69-4788-9b0a-1c2d3e4f5a6b' }));
    expect(missing.message).toMatch(/^There is no such picture/);
    expect(missing.issues!.map((i) => i.path)).toEqual(['receiptPictureId']);
    // Nothing was written by the refusals.
    const { rows } = await t.database.pool.query('SELECT 1 FROM bills WHERE room_id = $1', [room.id]);
    expect(rows).toHaveLength(0);

    // 500 characters exactly are taken.
    const ok = await post({ note: 'y'.repeat(500), receiptPictureId: await uploadAs(ann) });
    expect(ok.statusCode, ok.body).toBe(200);
    const bill = billResponse.parse(ok.json()).data;
    expect(bill.note).toHaveLength(500);

    // PATCH: someone else's picture is refused; the bill's own receipt sent back unchanged by another editor is not.
    const patch = (u: TestUser, b: object) => as(t, u)('PATCH', `/v1/bills/${bill.id}`, b);
    expect(refusal(await patch(ann, { receiptPictureId: bensPicture })).message).toBe(
      'Choose a receipt picture you uploaded.',
    );
    expect(issuePaths(await patch(ann, { category: 'pets' }))).toEqual(['category']);
    expect(issuePaths(await patch(ann, { note: 'z'.repeat(501) }))).toEqual(['note']);
    const byPayer = await as(t, ann)('PATCH', `/v1/bills/${bill.id}`, { paidBy: ben.id });
    expect(byPayer.statusCode, byPayer.body).toBe(200);
    // ben now paid it: he may edit it, sending the whole bill back with ann's receipt.
    const resent = await patch(ben, {
      name: 'Lunch',
      category: 'food',
      receiptPictureId: bill.receiptPictureId,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(billResponse.parse(resent.json()).data).toMatchObject({
      category: 'food',
      receiptPictureId: bill.receiptPictureId,
    });
    // An empty PATCH is still refused, its sentence naming the new fields.
    const empty = refusal(await patch(ann, {}));
    for (const field of ['category', 'note', 'receiptPictureId'])
      expect(empty.issues![0]!.message).toContain(field);
  });
});
