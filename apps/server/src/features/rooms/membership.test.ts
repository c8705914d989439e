import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, nextWeek } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
const updated: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.events.onRoomUpdated((id) => void updated.push(id));
});
afterAll(() => t.close());

const count = async (roomId: string) =>
  (await t.database.pool.query('SELECT count(*)::int AS n FROM room_members WHERE room_id = $1', [roomId]))
    .rows[0].n as number;
/** A 12.00 bill `owner` paid, split equally between the two. */
const addBill = async (roomId: string, owner: TestUser, other: TestUser) => {
  const res = await as(t, owner)('POST', '/v1/bills', {
    name: 'Pizza',
    roomId,
    amount: 12,
    split: { mode: 'equal', userIds: [owner.id, other.id] },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const unpaidIn = async (roomId: string) =>
  (
    await t.database.pool.query(
      `SELECT payer_id, payee_id, amount_minor FROM transactions WHERE room_id = $1 AND status = 'unpaid'`,
      [roomId],
    )
  ).rows;

describe('join', () => {
  it('anyone may join a public room, or a private one by its link; twice is a 409', async () => {
    const host = await createUser(t);
    const guest = await createUser(t);
    for (const isPrivate of [false, true]) {
      const { room } = await createRoom(t, host, { isPrivate });
      const res = await as(t, guest)('PATCH', `/v1/rooms/${room.id}/join`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.room.attendeesCount).toBe(2);
      expect(updated).toContain(room.id);
      const again = await as(t, guest)('PATCH', `/v1/rooms/${room.id}/join`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'User already in room!', reason: 'ALREADY_MEMBER' });
    }
  });

  it('joining accepts a pending invite; an unknown or closed room is a 404', async () => {
    const host = await createUser(t);
    const friend = await createUser(t);
    await makeFriends(t, host, friend);
    const { room } = await createRoom(t, host, {}, [friend.id]);
    await as(t, friend)('PATCH', `/v1/rooms/${room.id}/join`);
    const { rows } = await t.database.pool.query('SELECT status FROM invites WHERE room_id = $1', [room.id]);
    expect(rows).toEqual([{ status: 'accepted' }]);
    await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    const late = await createUser(t);
    expect((await as(t, late)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(404);
    expect(
      (await as(t, late)('PATCH', '/v1/rooms/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11/join')).statusCode,
    ).toBe(404);
  });

  it('50 people joining at once: every one gets in once and attendeesCount is exact', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
    const results = await Promise.all(
      [...people, ...people.slice(0, 10)].map((p) => as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10);
    const seen = roomResponse.parse((await as(t, host)('GET', `/v1/rooms/${room.id}`)).json()).data;
    expect(seen.attendeesCount).toBe(51);
    expect(await count(room.id)).toBe(51);
  });
});

describe('invite', () => {
  it('in a private room only the host invites: a member gets the one 401 (docs/api/README.md#the-one-401)', async () => {
    const host = await createUser(t);
    const member = await createUser(t);
    const friend = await createUser(t);
    await makeFriends(t, member, friend);
    await makeFriends(t, host, friend);
    const { room } = await createRoom(t, host, { isPrivate: true });
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    const res = await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [friend.id] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 'error',
      message: 'Only hosts can invite other users',
      code: 'NOT_HOST',
    });
    const byHost = await as(t, host)('POST', `/v1/rooms/${room.id}`, { invitees: [friend.id] });
    expect(byHost.statusCode).toBe(200);
    expect(byHost.json().data).toEqual([expect.objectContaining({ inviterId: host.id, status: 'pending' })]);
  });

  it('in a public room any member invites their friends; strangers and non-members are refused', async () => {
    const host = await createUser(t);
    const member = await createUser(t);
    const friend = await createUser(t);
    const stranger = await createUser(t);
    await makeFriends(t, member, friend);
    const { room } = await createRoom(t, host);
    expect((await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [friend.id] })).statusCode).toBe(
      403,
    );
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    expect((await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [friend.id] })).statusCode).toBe(
      200,
    );
    expect((await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [friend.id] })).statusCode).toBe(
      409,
    );
    expect(
      (await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [stranger.id] })).statusCode,
    ).toBe(400);
    expect((await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [host.id] })).statusCode).toBe(
      400,
    );
    const empty = await as(t, member)('POST', `/v1/rooms/${room.id}`, { invitees: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].message).toBe('Invitees are required');
  });
});

describe('close and leave', () => {
  it('close: 404 → 403; closes with debts outstanding (they stay), drops pending invites, twice is fine', async () => {
    const host = await createUser(t);
    const member = await createUser(t);
    const friend = await createUser(t);
    await makeFriends(t, host, friend);
    const { room } = await createRoom(t, host, {}, [friend.id]);
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(
      (await as(t, host)('PATCH', '/v1/rooms/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11/close')).json().message,
    ).toBe('Room not found!');
    const notHost = await as(t, member)('PATCH', `/v1/rooms/${room.id}/close`);
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json().message).toBe('You are not the host of this room!');
    await addBill(room.id, member, host);
    // Bills no longer block closing (one live ledger): the host's debt stays, to be paid after.
    const billed = await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    expect(billed.statusCode, billed.body).toBe(200);
    expect(await unpaidIn(room.id)).toEqual([{ payer_id: host.id, payee_id: member.id, amount_minor: 600 }]);
    expect((await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM invites WHERE room_id = $1 AND status = 'pending'`,
      [room.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('a closed room refuses edits and invites (409) and joins (404)', async () => {
    const host = await createUser(t);
    const friend = await createUser(t);
    await makeFriends(t, host, friend);
    const { room } = await createRoom(t, host);
    await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    const edit = { venue: 'Park', placeId: 'local:park', date: nextWeek(), time: '12:00', description: '' };
    expect((await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, edit)).statusCode).toBe(409);
    expect((await as(t, host)('POST', `/v1/rooms/${room.id}`, { invitees: [friend.id] })).statusCode).toBe(
      409,
    );
    expect((await as(t, friend)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(404);
  });

  it('leave: 404 → 403 (not a member) → 409 for the host → 409 naming what is owed → leaves once square', async () => {
    const host = await createUser(t);
    const member = await createUser(t);
    const outsider = await createUser(t);
    const { room } = await createRoom(t, host);
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(
      (await as(t, member)('PATCH', '/v1/rooms/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11/leave')).statusCode,
    ).toBe(404);
    const outsiderLeaves = await as(t, outsider)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect(outsiderLeaves.statusCode).toBe(403);
    expect(outsiderLeaves.json()).toMatchObject({ code: 'NOT_MEMBER', reason: 'NOT_MEMBER' });
    const hostLeaves = await as(t, host)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect(hostLeaves.statusCode).toBe(409);
    expect(hostLeaves.json()).toMatchObject({
      message: 'Host cannot leave room',
      reason: 'HOST_CANNOT_LEAVE',
    });
    await addBill(room.id, host, member);
    const owing = await as(t, member)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect(owing.statusCode).toBe(409);
    expect(owing.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'NET_NOT_ZERO',
      message: `You can leave once you are square here: you owe $6.00 to ${host.username}.`,
    });
    const paid = await as(t, member)('POST', '/v1/transactions', {
      roomId: room.id,
      payerId: member.id,
      payeeId: host.id,
      amount: 6,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/leave`)).statusCode).toBe(200);
    expect(await count(room.id)).toBe(1);
  });

  it('joins and leaves racing: attendeesCount always equals the members', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host);
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    await Promise.all(people.slice(0, 10).map((p) => as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)));
    await Promise.all([
      ...people.slice(0, 10).map((p) => as(t, p)('PATCH', `/v1/rooms/${room.id}/leave`)),
      ...people.slice(10).map((p) => as(t, p)('PATCH', `/v1/rooms/${room.id}/join`)),
    ]);
    const seen = roomResponse.parse((await as(t, host)('GET', `/v1/rooms/${room.id}`)).json()).data;
    expect(seen.attendeesCount).toBe(11);
    expect(await count(room.id)).toBe(11);
  });
});

describe('edit', () => {
  it('host only (403); rebuilds the venue link; date rule applies', async () => {
    const host = await createUser(t);
    const member = await createUser(t);
    const { room } = await createRoom(t, host);
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    const body = {
      venue: 'Hyde Park',
      placeId: 'osm:way:4082972',
      date: nextWeek(),
      time: '11:00',
      description: 'Picnic',
    };
    expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/edit`, body)).statusCode).toBe(403);
    const res = await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, body);
    expect(res.statusCode).toBe(200);
    expect(roomResponse.parse(res.json()).data).toMatchObject({
      venue: 'Hyde Park',
      venuePlaceId: 'osm:way:4082972',
      venueUrl: 'https://www.openstreetmap.org/way/4082972',
      time: '11:00',
      description: 'Picnic',
    });
    const past = await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, { ...body, date: '2001-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Date must be in the future');
    const { rows } = await t.database.db.execute(sql`SELECT venue FROM rooms WHERE id = ${room.id}`);
    expect(rows).toEqual([{ venue: 'Hyde Park' }]);
  });
});
