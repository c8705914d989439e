import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billsResponse,
  billsSummaryResponse,
  errorEnvelopeSchema,
  roundsResponse,
  transactionsResponse,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { moneyHelpers } from '../../test/ledger.js';
import { as } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

/**
 * What the split page reads instead of every bill of the room (issue #22 item 2, docs/pagination.md): the room's
 * bills summary, one owner's bills a page at a time (`ownerId`), and the rounds a page at a time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { roomOf, people, equal } = moneyHelpers(() => t);
const NO_ROOM = '7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11';

const summary = async (u: TestUser, roomId: string) => {
  const res = await as(t, u)('GET', `/v1/rooms/${roomId}/bills/summary`);
  expect(res.statusCode, res.body).toBe(200);
  return billsSummaryResponse.parse(res.json()).data;
};
const bills = async (u: TestUser, query: string) => {
  const res = await as(t, u)('GET', `/v1/bills?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return billsResponse.parse(res.json());
};

describe('GET /v1/rooms/{id}/bills/summary', () => {
  it('counts and totals the room’s bills, and per payer, the payer of the newest bill first', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!], { currency: 'EUR' });
    const empty = await summary(cat!, room.id);
    expect(empty).toEqual({ currency: 'EUR', count: 0, total: 0, owners: [] });

    const all = [ann!.id, ben!.id, cat!.id];
    for (const [who, amount] of [
      [ann!, 10.1],
      [ann!, 0.2],
      [ben!, 7],
      [ann!, 12.35],
      [cat!, 3.33],
    ] as const)
      expect((await equal(who, room.id, amount, all)).statusCode).toBe(200);
    // ben paid for cat (paidBy): the bill is ben's, entered by cat.
    const forBen = await as(t, cat!)('POST', '/v1/bills', {
      name: 'Tickets',
      roomId: room.id,
      amount: 0.01,
      paidBy: ben!.id,
      split: { mode: 'equal', userIds: all },
    });
    expect(forBen.statusCode, forBen.body).toBe(200);

    const s = await summary(ann!, room.id);
    expect(s.currency).toBe('EUR');
    expect(s.count).toBe(6);
    expect(s.total).toBe(32.99); // 10.10 + 0.20 + 7.00 + 12.35 + 3.33 + 0.01, to the cent
    expect(s.owners.map((o) => [o.ownerId, o.owner.username, o.count, o.total])).toEqual([
      [ben!.id, ben!.username, 2, 7.01],
      [cat!.id, cat!.username, 1, 3.33],
      [ann!.id, ann!.username, 3, 22.65],
    ]);
    // The same numbers as every bill of the room, added up.
    const every = (await bills(ann!, `roomId=${room.id}`)).data;
    expect(every).toHaveLength(s.count);
    for (const o of s.owners) {
      const own = every.filter((b) => b.ownerId === o.ownerId);
      expect(own).toHaveLength(o.count);
      expect(own.reduce((sum, b) => sum + Math.round(b.amount * 100), 0)).toBe(Math.round(o.total * 100));
    }
    // A person's email only for themself and their friends, as in a bill's owner.
    expect(s.owners.find((o) => o.ownerId === ann!.id)!.owner.email).toBe(ann!.email);
    expect(s.owners.find((o) => o.ownerId === ben!.id)!.owner.email).toBe('');
    await makeFriends(t, ann!, ben!);
    expect((await summary(ann!, room.id)).owners[0]!.owner.email).toBe(ben!.email);

    // Consolidated bills still count: the summary is every bill of the room, as the split page shows them.
    const consolidated = await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id });
    expect(transactionsResponse.parse(consolidated.json()).data.length).toBeGreaterThan(0);
    expect((await summary(cat!, room.id)).total).toBe(32.99);
  });

  it('answers amounts in the room’s currency’s major units (JPY has none below the yen)', async () => {
    const [ann, ben] = await people(2);
    const room = await roomOf([ann!, ben!], { currency: 'JPY' });
    await equal(ann!, room.id, 1500, [ann!.id, ben!.id]);
    await equal(ann!, room.id, 701, [ann!.id, ben!.id]);
    const s = await summary(ben!, room.id);
    expect(s).toMatchObject({ currency: 'JPY', count: 2, total: 2201 });
    expect(s.owners).toEqual([
      {
        ownerId: ann!.id,
        owner: {
          id: ann!.id,
          username: ann!.username,
          displayName: '',
          email: '',
          pictureUrl: expect.any(String),
        },
        count: 2,
        total: 2201,
      },
    ]);
  });

  it('puts a bill with several payers under its owner, who paid most, as the owner’s bill pages do', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!], { currency: 'SGD' });
    const res = await as(t, ann!)('POST', '/v1/bills', {
      name: 'Dinner',
      roomId: room.id,
      amount: 80,
      paidBy: [
        { userId: ann!.id, amount: 30 },
        { userId: ben!.id, amount: 50 },
      ],
      split: { mode: 'equal', userIds: [ann!.id, ben!.id, cat!.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = await summary(cat!, room.id);
    expect(s.owners.map((o) => [o.ownerId, o.count, o.total])).toEqual([[ben!.id, 1, 80]]);
    expect((await bills(cat!, `roomId=${room.id}&ownerId=${ben!.id}`)).data).toHaveLength(1);
    expect((await bills(cat!, `roomId=${room.id}&ownerId=${ann!.id}`)).data).toHaveLength(0);
  });

  it('is for members only: 403 for others, 404 for a room that does not exist, 401 without a token', async () => {
    const [ann, ben] = await people(2);
    const room = await roomOf([ann!, ben!]);
    await equal(ann!, room.id, 10, [ann!.id, ben!.id]);
    const outsider = await createUser(t);
    const refused = await as(t, outsider)('GET', `/v1/rooms/${room.id}/bills/summary`);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).code).toBe('NOT_MEMBER');
    expect((await as(t, ann!)('GET', `/v1/rooms/${NO_ROOM}/bills/summary`)).statusCode).toBe(404);
    expect((await as(t, ann!)('GET', '/v1/rooms/not-a-room/bills/summary')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/rooms/${room.id}/bills/summary` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /v1/bills?roomId=&ownerId=', () => {
  it('lists only the bills that member paid, newest first, whole or in keyset pages', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    const all = [ann!.id, ben!.id, cat!.id];
    for (let i = 0; i < 7; i++) await equal(i % 3 === 1 ? ben! : ann!, room.id, 1 + i, all, `Bill ${i}`);
    // Four at the very same moment: the id breaks the tie between pages.
    await t.database.pool.query(
      `UPDATE bills SET created_at = timestamptz '2026-11-20 12:00:00.123456+00' WHERE room_id = $1 AND id IN (
         SELECT id FROM bills WHERE room_id = $1 AND owner_id = $2 ORDER BY id LIMIT 4)`,
      [room.id, ann!.id],
    );
    const every = (await bills(cat!, `roomId=${room.id}`)).data;
    const annsOrder = every.filter((b) => b.ownerId === ann!.id).map((b) => b.id);
    expect(annsOrder).toHaveLength(5);

    const whole = await bills(cat!, `roomId=${room.id}&ownerId=${ann!.id}`);
    expect('nextCursor' in whole).toBe(false);
    expect(whole.data.map((b) => b.id)).toEqual(annsOrder);
    expect((await bills(cat!, `roomId=${room.id}&ownerId=${cat!.id}`)).data).toEqual([]);
    const outsider = await createUser(t);
    expect((await bills(cat!, `roomId=${room.id}&ownerId=${outsider.id}&limit=5`)).data).toEqual([]);

    for (const limit of [1, 2, 3]) {
      const seen: number[] = [];
      let cursor: string | null | undefined = null;
      let pages = 0;
      do {
        const page = await bills(
          cat!,
          `roomId=${room.id}&ownerId=${ann!.id}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.data.length).toBeLessThanOrEqual(limit);
        expect(page.data.every((b) => b.ownerId === ann!.id)).toBe(true);
        seen.push(...page.data.map((b) => b.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen, `limit ${limit}`).toEqual(annsOrder);
      expect(pages).toBe(Math.ceil(5 / limit));
    }
    // A cursor without a limit reads the default page, still only that owner's.
    const first = await bills(cat!, `roomId=${room.id}&ownerId=${ben!.id}&limit=1`);
    const rest = await bills(cat!, `roomId=${room.id}&ownerId=${ben!.id}&cursor=${first.nextCursor}`);
    expect([...first.data, ...rest.data].map((b) => b.ownerId)).toEqual([ben!.id, ben!.id]);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a bad ownerId with a 400 naming it, and a non-member with a 403 whatever the owner', async () => {
    const [ann, ben] = await people(2);
    const room = await roomOf([ann!, ben!]);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '']) {
      const res = await as(t, ann!)('GET', `/v1/bills?roomId=${room.id}&ownerId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      const body = errorEnvelopeSchema.parse(res.json());
      expect(JSON.stringify(body), bad).toContain('ownerId');
    }
    const outsider = await createUser(t);
    for (const query of [`ownerId=${ann!.id}`, `ownerId=${ann!.id}&limit=2`, `ownerId=${outsider.id}`])
      expect((await as(t, outsider)('GET', `/v1/bills?roomId=${room.id}&${query}`)).statusCode).toBe(403);
    expect((await as(t, ann!)('GET', `/v1/bills?roomId=${NO_ROOM}&ownerId=${ann!.id}`)).statusCode).toBe(404);
  });
});

describe('GET /v1/rooms/{id}/rounds?limit&cursor', () => {
  it('pages the rounds newest first, each with its own transfers; without limit, all as before', async () => {
    const [ann, ben, cat] = await people(3);
    const room = await roomOf([ann!, ben!, cat!]);
    const all = [ann!.id, ben!.id, cat!.id];
    const other = await roomOf([ann!, ben!]);
    for (let i = 0; i < 5; i++) {
      await equal([ann!, ben!, cat!][i % 3]!, room.id, 9 + i, all, `Round ${i}`);
      expect((await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: room.id })).statusCode).toBe(200);
      if (i % 2 === 0) {
        // Another room's rounds in between: they do not count in this room's numbers.
        await equal(ann!, other.id, 4, [ann!.id, ben!.id], `Other ${i}`);
        expect((await as(t, ann!)('POST', '/v1/bills/consolidate', { roomId: other.id })).statusCode).toBe(
          200,
        );
      }
    }
    const unpaged = await as(t, cat!)('GET', `/v1/rooms/${room.id}/rounds`);
    const whole = roundsResponse.parse(unpaged.json());
    expect('nextCursor' in whole).toBe(false);
    expect(whole.data).toHaveLength(5);
    // Numbered in the order they were made, on every page as in the whole list (checked below).
    expect(whole.data.map((r) => r.number)).toEqual([5, 4, 3, 2, 1]);
    for (const limit of [1, 2, 5]) {
      const seen: typeof whole.data = [];
      let cursor: string | null | undefined = null;
      do {
        const res = await as(t, cat!)(
          'GET',
          `/v1/rooms/${room.id}/rounds?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = roundsResponse.parse(res.json());
        expect(page.data.length).toBeLessThanOrEqual(limit);
        seen.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(whole.data);
    }
    const outsider = await createUser(t);
    expect((await as(t, outsider)('GET', `/v1/rooms/${room.id}/rounds?limit=2`)).statusCode).toBe(403);
    for (const bad of ['limit=0', 'limit=101', 'cursor=not-a-cursor', `cursor=${'a'.repeat(201)}`]) {
      const res = await as(t, cat!)('GET', `/v1/rooms/${room.id}/rounds?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
