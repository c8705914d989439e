import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billResponse, roomStatsResponse, type Bill } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuest } from '../../test/guests.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import type { TestUser } from '../../test/users.js';

/**
 * GET /v1/rooms/{id}/stats (issue 36, docs/api/README.md#statistics): the room's live bills by category, by member and
 * by day in the room's time zone, checked against sums computed here from the bills as answered.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people } = moneyHelpers(() => t);

const stats = async (u: { token: string }, roomId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/rooms/${roomId}/stats`,
    headers: { authorization: `Bearer ${u.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return roomStatsResponse.parse(res.json()).data;
};

/** Minor units (cents) to the answer's major units, and back, exactly. */
const cents = (amount: number) => Math.round(amount * 100);
/** A sum of cents per key, as [key, amount] pairs. */
function sumBy<K>(items: { key: K; cents: number }[]): Map<K, number> {
  const out = new Map<K, number>();
  for (const i of items) out.set(i.key, (out.get(i.key) ?? 0) + i.cents);
  return out;
}

describe('GET /v1/rooms/{id}/stats', () => {
  it('sums the live bills by category (none: other), by member (paid, owes) and by day in the room’s zone', async () => {
    const [ann, ben, cat, dan] = (await people(4)) as [TestUser, TestUser, TestUser, TestUser];
    // Singapore: UTC+8, no daylight saving; dan joins and never pays nor shares (a member at zero).
    const room = await roomOf([ann, ben, cat, dan], { currency: 'SGD', timeZone: 'Asia/Singapore' });
    const empty = await stats(dan, room.id);
    expect(empty).toEqual({
      currency: 'SGD',
      total: 0,
      byCategory: [],
      byMember: [ann.id, ben.id, cat.id, dan.id]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, paid: 0, owes: 0 })),
      byDay: [],
    });

    const trio = [ann.id, ben.id, cat.id];
    // [who enters it, amount, paidBy, split, category, when (UTC)]
    const plan: [TestUser, number, number, object, string | undefined, string][] = [
      [ann, 100.01, ann.id, { mode: 'equal', userIds: trio }, 'food', '2026-03-01T02:00:00Z'],
      // 23:30 in Singapore on 1 March is 15:30 UTC: the same day as the first, although another UTC hour.
      [ben, 12.5, ben.id, { mode: 'equal', userIds: [ann.id, ben.id] }, 'drinks', '2026-03-01T15:30:00Z'],
      // 00:30 in Singapore on 2 March is 16:30 UTC on 1 March: the next day in the room.
      [cat, 7.35, cat.id, { mode: 'equal', userIds: trio }, undefined, '2026-03-01T16:30:00Z'],
      [
        ann,
        45,
        ben.id,
        { mode: 'exact', amounts: [{ userId: cat.id, amount: 45 }] },
        'transport',
        '2026-03-03T09:00:00Z',
      ],
      [cat, 0.1, cat.id, { mode: 'equal', userIds: trio }, 'food', '2026-03-03T10:00:00Z'],
      [ben, 60, ann.id, { mode: 'equal', userIds: trio }, 'other', '2026-03-04T03:00:00Z'],
    ];
    const made: Bill[] = [];
    for (const [who, amount, paidBy, split, category, at] of plan) {
      const res = await as(t, who)('POST', '/v1/bills', {
        name: 'Bill',
        roomId: room.id,
        amount,
        paidBy,
        split,
        ...(category ? { category } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const bill = billResponse.parse(res.json()).data;
      // The bill's date (created_at) set to the planned instant.
      await t.database.pool.query('UPDATE bills SET created_at = $1 WHERE id = $2', [at, bill.id]);
      made.push({ ...bill, date: at });
    }
    // A deleted bill counts nowhere.
    const gone = await as(t, ann)('POST', '/v1/bills', {
      name: 'Mistake',
      roomId: room.id,
      amount: 999,
      split: { mode: 'equal', userIds: trio },
      category: 'food',
    });
    const goneId = billResponse.parse(gone.json()).data.id;
    expect((await as(t, ann)('DELETE', `/v1/bills/${goneId}`)).statusCode).toBe(200);

    // What the answer must be, from the bills as the API answered them.
    const total = made.reduce((s, b) => s + cents(b.amount), 0);
    const byCategory = sumBy(made.map((b) => ({ key: b.category ?? 'other', cents: cents(b.amount) })));
    const paid = sumBy(made.map((b) => ({ key: b.ownerId, cents: cents(b.amount) })));
    const owes = sumBy(made.flatMap((b) => b.shares.map((s) => ({ key: s.userId, cents: cents(s.amount) }))));
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', dateStyle: 'short' }).format(
        new Date(iso),
      );
    const byDay = sumBy(made.map((b) => ({ key: day(b.date), cents: cents(b.amount) })));

    const s = await stats(ben, room.id);
    expect(s.currency).toBe('SGD');
    expect(cents(s.total)).toBe(total);
    expect(total).toBe(22496); // 100.01 + 12.50 + 7.35 + 45.00 + 0.10 + 60.00
    // Largest first.
    expect(s.byCategory.map((c) => [c.category, cents(c.amount)])).toEqual(
      [...byCategory].sort((a, b) => b[1] - a[1]),
    );
    expect(s.byCategory.map((c) => c.category)).toEqual(['food', 'other', 'transport', 'drinks']);
    expect(s.byMember.map((m) => [m.userId, cents(m.paid), cents(m.owes)])).toEqual(
      [ann.id, ben.id, cat.id, dan.id]
        .sort((a, b) => a - b)
        .map((id) => [id, paid.get(id) ?? 0, owes.get(id) ?? 0]),
    );
    expect(s.byDay.map((d) => [d.date, cents(d.amount)])).toEqual([...byDay].sort());
    expect(s.byDay.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    // Each list adds up to the total.
    for (const list of [s.byCategory.map((c) => c.amount), s.byDay.map((d) => d.amount)])
      expect(list.reduce((a, x) => a + cents(x), 0)).toBe(total);
    expect(s.byMember.reduce((a, m) => a + cents(m.paid), 0)).toBe(total);
    expect(s.byMember.reduce((a, m) => a + cents(m.owes), 0)).toBe(total);

    // A category changed moves its amount; a bill restored counts again.
    await as(t, ann)('PATCH', `/v1/bills/${made[0]!.id}`, { category: 'lodging' });
    expect((await as(t, ann)('POST', `/v1/bills/${goneId}/restore`)).statusCode).toBe(200);
    const after = await stats(ann, room.id);
    expect(cents(after.total)).toBe(total + 99900);
    const amountOf = (c: string) => after.byCategory.find((x) => x.category === c)?.amount;
    expect(amountOf('lodging')).toBe(100.01);
    expect(amountOf('food')).toBe(999.1);
  });

  it('members and guests of the room read it; anyone else is refused 403; no such room 404', async () => {
    const [ann, ben, out] = (await people(3)) as [TestUser, TestUser, TestUser];
    const room = await roomOf([ann, ben]);
    const other = await roomOf([out]);
    const guest = await createGuest(t, room.id, 'Kim');
    const stranger = await createGuest(t, other.id, 'Lee');
    const get = (token: string, roomId = room.id) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/rooms/${roomId}/stats`,
        headers: { authorization: `Bearer ${token}` },
      });
    // The guest's own bill counts as anyone's.
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/bills',
      headers: { authorization: `Bearer ${guest.token}` },
      payload: {
        name: 'Snacks',
        roomId: room.id,
        amount: 9,
        split: { mode: 'equal', userIds: [ann.id, guest.id] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await stats(guest, room.id);
    expect(seen.total).toBe(9);
    expect(seen.byMember.find((m) => m.userId === guest.id)).toEqual({
      userId: guest.id,
      paid: 9,
      owes: 4.5,
    });
    expect(seen.byCategory).toEqual([{ category: 'other', amount: 9 }]);

    expect((await get(ben.token)).statusCode).toBe(200);
    const notMember = await get(out.token);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json()).toMatchObject({ reason: 'NOT_MEMBER' });
    const otherGuest = await get(stranger.token);
    expect(otherGuest.statusCode).toBe(403);
    expect(otherGuest.json()).toMatchObject({ reason: 'GUEST_NOT_ALLOWED' });
    expect((await get(ann.token, 'b3c1f0de-2a4e-4c1b-9f3e-5d6a7b8c9d0e')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/rooms/${room.id}/stats` })).statusCode).toBe(401);
  });
});
