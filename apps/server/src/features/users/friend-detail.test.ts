import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, friendDetailResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

// `GET /users/{id}/friends/{friendId}` (issue 37 item 4; docs/api/README.md#users-and-friends).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A room of `host` with `others` joined. */
async function roomOf(host: TestUser, name: string, date: string, others: TestUser[] = []) {
  const { room } = await createRoom(t, host, { name, date });
  for (const u of others) expect((await as(t, u)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room.id;
}

/** Closes a room that happened `daysAgo` days ago, straight in the database (the API refuses a past date). */
async function pastRoom(roomId: string, daysAgo: number) {
  await t.database.pool.query(
    `UPDATE rooms SET date = current_date - $2::int, is_closed = true, picture_id = NULL WHERE id = $1`,
    [roomId, daysAgo],
  );
}

describe('a friend’s page', () => {
  it('answers the friend, since when, and the rooms both are in: open soonest first, then past latest first', async () => {
    const ann = await createUser(t);
    const ben = await createUser(t);
    const cal = await createUser(t);
    await makeFriends(t, ann, ben);
    await makeFriends(t, ann, cal);

    const later = await roomOf(ann, 'Later dinner', inDays(10), [ben]);
    const sooner = await roomOf(ben, 'Sooner brunch', inDays(3), [ann, cal]);
    await roomOf(ann, 'Only Ann', inDays(4), [cal]);
    await roomOf(ben, 'Only Ben', inDays(5), [cal]);
    const longAgo = await roomOf(ann, 'Long ago', inDays(6), [ben]);
    const lastWeek = await roomOf(ben, 'Last week', inDays(7), [ann]);
    await pastRoom(longAgo, 30);
    await pastRoom(lastWeek, 7);

    const res = await as(t, ann)('GET', `/v1/users/${ann.id}/friends/${ben.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = friendDetailResponse.parse(res.json());
    expect(data.user).toMatchObject({
      id: ben.id,
      username: ben.username,
      email: ben.email,
      isOnline: false,
    });
    expect(Date.parse(data.since!)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.sharedRooms.map((r) => r.name)).toEqual([
      'Sooner brunch',
      'Later dinner',
      'Last week',
      'Long ago',
    ]);
    expect(data.sharedRooms.map((r) => r.id)).toEqual([sooner, later, lastWeek, longAgo]);
    expect(data.sharedRooms.map((r) => r.isClosed)).toEqual([false, false, true, true]);
    expect(data.numSharedRooms).toBe(4);
    expect(data.sharedRooms[0]).toMatchObject({
      date: `${inDays(3)}T00:00:00.000Z`,
      time: '19:30',
      venue: 'Luigi’s Trattoria',
      imageUrl: '/imgs/party.png',
      pictureUrl: null,
      dateTbd: false,
      venueTbd: false,
    });

    // The same rooms seen from the other side; with a friend they share one room with, only that one.
    const back = friendDetailResponse.parse(
      (await as(t, ben)('GET', `/v1/users/${ben.id}/friends/${ann.id}`)).json(),
    );
    expect(back.data.sharedRooms.map((r) => r.id)).toEqual([sooner, later, lastWeek, longAgo]);
    const withCal = friendDetailResponse.parse(
      (await as(t, ann)('GET', `/v1/users/${ann.id}/friends/${cal.id}`)).json(),
    );
    expect(withCal.data.sharedRooms.map((r) => r.name)).toEqual(['Sooner brunch', 'Only Ann']);
  });

  it('says when a shared room’s date or venue is still to be decided', async () => {
    const ann = await createUser(t);
    const ben = await createUser(t);
    await makeFriends(t, ann, ben);
    const res = await as(t, ann)('POST', '/v1/rooms', {
      room: { name: 'Some day', venue: 'Luigi’s Trattoria', venuePlaceId: 'local:luigi', dateTbd: true },
      invitees: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const roomId = (res.json() as { data: { room: { id: string } } }).data.room.id;
    expect((await as(t, ben)('PATCH', `/v1/rooms/${roomId}/join`)).statusCode).toBe(200);
    const { data } = friendDetailResponse.parse(
      (await as(t, ann)('GET', `/v1/users/${ann.id}/friends/${ben.id}`)).json(),
    );
    expect(data.sharedRooms).toEqual([
      expect.objectContaining({ id: roomId, dateTbd: true, venueTbd: false }),
    ]);
  });

  it('answers no rooms for a friend you share none with', async () => {
    const ann = await createUser(t);
    const dee = await createUser(t);
    await makeFriends(t, ann, dee);
    await roomOf(ann, 'Alone', inDays(3));
    const res = await as(t, ann)('GET', `/v1/users/${ann.id}/friends/${dee.id}`);
    expect(friendDetailResponse.parse(res.json()).data).toMatchObject({ sharedRooms: [], numSharedRooms: 0 });
  });

  it('is 404 for someone who is not your friend, yourself, or nobody, and tells nothing about them', async () => {
    const ann = await createUser(t);
    const eve = await createUser(t);
    await roomOf(ann, 'Shared with a stranger', inDays(3), [eve]);
    for (const other of [eve.id, ann.id, 2_147_483_647]) {
      const res = await as(t, ann)('GET', `/v1/users/${ann.id}/friends/${other}`);
      expect(res.statusCode, res.body).toBe(404);
      const body = errorEnvelopeSchema.parse(res.json());
      expect(body).toMatchObject({ code: 'NOT_FOUND', reason: 'NOT_FRIENDS' });
      expect(res.body).not.toContain(eve.username);
    }
  });

  it('is 403 on another user’s id, and 401 without a token', async () => {
    const ann = await createUser(t);
    const ben = await createUser(t);
    await makeFriends(t, ann, ben);
    expect((await as(t, ann)('GET', `/v1/users/${ben.id}/friends/${ann.id}`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/users/${ann.id}/friends/${ben.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
