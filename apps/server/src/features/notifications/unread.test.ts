import { beforeAll, describe, expect, it } from 'vitest';
import {
  countResponse,
  errorEnvelopeSchema,
  notificationsResponse,
  readAllResponse,
  type Notification,
} from '@outing/contract';
import type { TestApp } from '../../test/app.js';
import { listeningApp } from '../../test/listening.js';
import { as, createRoom, createUsers, nextWeek } from '../../test/rooms.js';
import { settle } from '../../test/sockets.js';
import { makeFriends, type TestUser } from '../../test/users.js';
import { notify } from './service.js';

/** Issue #21: the unread count, "mark all as read", live badges on every device, keyset pages. */

const live = listeningApp();
const device = live.device;
let t: TestApp;
beforeAll(() => {
  t = live.t;
});

const unread = async (u: TestUser) => {
  const res = await as(t, u)('GET', '/v1/notifications/unread-count');
  expect(res.statusCode, res.body).toBe(200);
  return countResponse.parse(res.json()).data.count;
};
const some = (u: TestUser, n: number, extra: Partial<Parameters<typeof notify>[2][number]> = {}) =>
  notify(
    t.database.db,
    t.app.deps.events,
    Array.from({ length: n }, (_, i) => ({
      userId: u.id,
      kind: 'other' as const,
      title: `T${i}`,
      content: `C${i}`,
      url: null,
      ...extra,
    })),
  );

describe('unread count and marking read', () => {
  it('counts the caller’s unread only; a read on one device reaches the others once, with the count', async () => {
    const [me, other] = await createUsers(t, 2);
    const mine = await some(me, 3);
    await some(other, 2);
    expect(await unread(me)).toBe(3);
    const phone = await device(me);
    const read = await as(t, me)('PATCH', `/v1/users/${me.id}/notifications/${mine[0]!.id}`);
    expect(read.statusCode).toBe(200);
    expect((await phone.next('NOTIFICATIONS_READ')).data).toEqual({
      ids: [mine[0]!.id],
      all: false,
      unread: 2,
    });
    // Again: nothing changed, nothing is sent.
    await as(t, me)('PATCH', `/v1/users/${me.id}/notifications/${mine[0]!.id}`);
    await settle();
    expect(phone.frames.filter((f) => f.type === 'NOTIFICATIONS_READ')).toHaveLength(1);
    expect(await unread(me)).toBe(2);
    expect(await unread(other)).toBe(2);
  });

  it('mark all as read: every one of the caller’s, nobody else’s; the devices hear `all`', async () => {
    const [me, other] = await createUsers(t, 2);
    await some(me, 4);
    await some(other, 1);
    const phone = await device(me);
    const res = await as(t, me)('POST', '/v1/notifications/read-all', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(readAllResponse.parse(res.json()).data).toEqual({ marked: 4, unread: 0 });
    expect((await phone.next('NOTIFICATIONS_READ')).data).toMatchObject({ all: true, unread: 0 });
    expect(await unread(me)).toBe(0);
    expect(await unread(other)).toBe(1);
    // Nothing left: 0 marked, and no body at all is fine too.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/read-all',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ marked: 0, unread: 0 });
    const bad = await as(t, me)('POST', '/v1/notifications/read-all', { roomId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.json()).message).toMatch(/roomId/);
  });

  it('opening a room reads what only informed about it; invites, debts and other rooms stay unread', async () => {
    const [host, ann] = await createUsers(t, 2);
    await makeFriends(t, host, ann);
    const day = nextWeek();
    const { room } = await createRoom(t, host, {
      name: 'Picnic',
      date: day,
      time: '12:00',
      timeZone: 'Europe/Paris',
    });
    const other = await createRoom(t, host, { name: 'Elsewhere' }, [ann.id]);
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    const moved = await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, {
      venue: 'The park',
      placeId: 'local:the-park',
      date: day,
      time: '13:30',
      description: '',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await some(ann, 1, { kind: 'bills_consolidated', roomId: room.id, url: `/room/${room.id}` });
    const list = notificationsResponse.parse((await as(t, ann)('GET', '/v1/notifications')).json()).data;
    const change = list.find((n) => n.kind === 'room_changed')!;
    expect(change).toMatchObject({
      url: `/room/${room.id}`,
      roomId: room.id,
      actorId: host.id,
      params: {
        roomName: 'Picnic',
        venue: 'The park',
        previousVenue: 'Luigi’s Trattoria',
        timeZone: 'Europe/Paris',
      },
    } satisfies Partial<Notification>);
    // Same day, 12:00 → 13:30 in Paris.
    expect(Date.parse(change.params!.startsAt!) - Date.parse(change.params!.previousStartsAt!)).toBe(
      90 * 60_000,
    );
    expect(await unread(ann)).toBe(3);

    const res = await as(t, ann)('POST', '/v1/notifications/read-all', { roomId: room.id });
    expect(res.json().data).toEqual({ marked: 1, unread: 2 });
    const after = notificationsResponse.parse((await as(t, ann)('GET', '/v1/notifications')).json()).data;
    expect(after.filter((n) => !n.isRead).map((n) => [n.kind, n.roomId])).toEqual([
      ['bills_consolidated', room.id],
      ['room_invite', other.room.id],
    ]);
  });
});

describe('GET /notifications with limit and cursor', () => {
  it('pages newest first without gaps or repeats, also when new ones arrive; a bad cursor is a 400', async () => {
    const [me] = await createUsers(t, 1);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(...(await some(me, 1, { title: `P${i}` })));
    // Two in one transaction: the same created_at, told apart by id.
    made.push(...(await some(me, 2, { title: 'Same' })));
    const page = async (q: string) => {
      const res = await as(t, me)('GET', `/v1/notifications?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return notificationsResponse.parse(res.json());
    };
    // The first page ends between the two of the same moment.
    const first = await page('limit=1');
    expect(first.data.map((n) => n.title)).toEqual(['Same']);
    expect(first.nextCursor).toEqual(expect.any(String));
    await some(me, 1, { title: 'Newer' });
    const seen = [...first.data];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(`limit=3&cursor=${cursor}`);
      seen.push(...next.data);
      cursor = next.nextCursor;
    }
    const expected = [...made].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(seen.map((n) => n.id)).toEqual(expected.map((n) => n.id));
    // Without `limit`: the contract's answer, no cursor.
    const plain = await as(t, me)('GET', '/v1/notifications');
    expect(plain.json()).not.toHaveProperty('nextCursor');
    expect(plain.json().data).toHaveLength(8);

    for (const cursor of ['nonsense', Buffer.from('1.99999999999').toString('base64url')]) {
      const bad = await as(t, me)('GET', `/v1/notifications?limit=2&cursor=${cursor}`);
      expect(bad.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(bad.json()).message).toBe(
        'This page of notifications is out of date; start again from the first page.',
      );
    }
    expect((await as(t, me)('GET', '/v1/notifications?limit=0')).statusCode).toBe(400);
  });
});
