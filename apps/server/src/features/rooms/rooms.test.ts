import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countResponse, invitesResponse, roomResponse, roomsResponse, usersResponse } from '@outing/contract';
import { rows } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, nextWeek, roomPayload } from '../../test/rooms.js';
import { createUser, makeFriends } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
});
afterAll(() => t.close());

describe('POST /v1/rooms', () => {
  it('creates the room with the host as member, server-built links, and notifies invitees', async () => {
    const host = await createUser(t, { username: 'host_one' });
    const friend = await createUser(t);
    await makeFriends(t, host, friend);
    const { room, invites } = await createRoom(t, host, { description: '  Pasta  ' }, [
      String(friend.id),
      friend.id,
      host.id,
    ]);
    expect(room.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(room).toMatchObject({
      name: 'Friday dinner',
      time: '19:30',
      date: `${nextWeek()}T00:00:00.000Z`,
      venue: 'Luigi’s Trattoria',
      venuePlaceId: 'local:luigi-s-trattoria',
      venueUrl: 'https://www.google.com/maps/search/?api=1&query=Luigi%E2%80%99s%20Trattoria',
      imageUrl: '/imgs/party.png',
      description: 'Pasta',
      attendeesCount: 1,
      hostId: host.id,
      host: { id: host.id, username: 'host_one', email: host.email, pictureUrl: '' },
      isClosed: false,
      isPrivate: false,
      url: `https://outing.example/room/${room.id}`,
    });
    expect(invites).toEqual([
      expect.objectContaining({ roomId: room.id, inviterId: host.id, status: 'pending' }),
    ]);
    const notes = await rows(
      t.database.db,
      sql`SELECT title, content FROM notifications WHERE user_id = ${friend.id}`,
    );
    expect(notes).toEqual([
      expect.objectContaining({ title: 'Room invite', content: 'host_one invited you to Friday dinner.' }),
    ]);
  });

  it('defaults the image to birthday and the description to empty; ignores unknown fields', async () => {
    const host = await createUser(t);
    const payload = roomPayload({ imageUrl: undefined, description: undefined, hostId: 999, isClosed: true });
    const res = await as(t, host)('POST', '/v1/rooms', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.room).toMatchObject({
      imageUrl: '/imgs/birthday.png',
      description: '',
      hostId: host.id,
      isClosed: false,
    });
  });

  it.each([
    [{ name: '' }, 'room.name', 'Room Name is required'],
    [{ name: 'x'.repeat(61) }, 'room.name', /at most 60/],
    [{ venue: '' }, 'room.venue', 'Venue is required'],
    [{ venuePlaceId: '' }, 'room.venuePlaceId', 'Please select a venue.'],
    [{ venuePlaceId: 'javascript:alert(1)' }, 'room.venuePlaceId', 'Please select a venue.'],
    [{ date: '2020-01-01' }, 'date', 'Date must be in the future'],
    [{ date: 'tomorrow' }, 'room.date', 'Date must be an ISO date'],
    [{ time: '25:00' }, 'room.time', 'Time must be HH:MM'],
    [{ imageUrl: '/imgs/evil.png' }, 'room.imageUrl', /.+/],
    [{ description: 'x'.repeat(501) }, 'room.description', /at most 500/],
  ])('refuses %j (400 on %s)', async (overrides, path, message) => {
    const host = await createUser(t);
    const res = await as(t, host)('POST', '/v1/rooms', roomPayload(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.find((i: { path: string }) => i.path === path).message).toMatch(message);
    const rooms = roomsResponse.parse((await as(t, host)('GET', '/v1/rooms')).json()).data;
    expect(rooms).toEqual([]);
  });

  it('accepts yesterday (a time zone ahead of UTC) and an ISO instant', async () => {
    const host = await createUser(t);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await as(t, host)('POST', '/v1/rooms', roomPayload({ date: yesterday }))).statusCode).toBe(200);
    const res = await as(t, host)('POST', '/v1/rooms', roomPayload({ date: `${nextWeek()}T00:00:00.000Z` }));
    expect(res.json().data.room.date).toBe(`${nextWeek()}T00:00:00.000Z`);
  });

  it('invitees must exist (404) and be the host’s friends (400); nothing is created then', async () => {
    const host = await createUser(t);
    const stranger = await createUser(t);
    expect((await as(t, host)('POST', '/v1/rooms', roomPayload({}, [99_999_999]))).statusCode).toBe(404);
    const res = await as(t, host)('POST', '/v1/rooms', roomPayload({}, [stranger.id]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can only invite your friends.');
    expect(countResponse.parse((await as(t, host)('GET', '/v1/rooms/count')).json()).data.count).toBe(0);
  });
});

describe('reading rooms', () => {
  it('GET /rooms/{id}: anyone signed in who knows the id; 404 for unknown or malformed ids', async () => {
    const host = await createUser(t);
    const stranger = await createUser(t);
    const { room } = await createRoom(t, host, { isPrivate: true });
    const seen = roomResponse.parse((await as(t, stranger)('GET', `/v1/rooms/${room.id}`)).json()).data;
    expect(seen).toMatchObject({ id: room.id, isPrivate: true });
    expect(seen.host.email).toBe(''); // not a friend
    for (const id of ['7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11', 'not-a-uuid', '123']) {
      expect((await as(t, stranger)('GET', `/v1/rooms/${id}`)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/rooms/${room.id}` })).statusCode).toBe(401);
  });

  it('GET /rooms lists your open rooms, most recently updated first; count agrees', async () => {
    const me = await createUser(t);
    const a = await createRoom(t, me, { name: 'First' });
    const b = await createRoom(t, me, { name: 'Second' });
    await as(t, me)('PATCH', `/v1/rooms/${a.room.id}/edit`, {
      venue: 'Elsewhere',
      placeId: 'local:elsewhere',
      date: nextWeek(),
      time: '20:00',
      description: '',
    });
    const list = roomsResponse.parse((await as(t, me)('GET', '/v1/rooms')).json()).data;
    expect(list.map((r) => r.name)).toEqual(['First', 'Second']);
    await as(t, me)('PATCH', `/v1/rooms/${b.room.id}/close`);
    expect(roomsResponse.parse((await as(t, me)('GET', '/v1/rooms')).json()).data.map((r) => r.name)).toEqual(
      ['First'],
    );
    expect(countResponse.parse((await as(t, me)('GET', '/v1/rooms/count')).json()).data.count).toBe(1);
    const paged = roomsResponse.parse((await as(t, me)('GET', '/v1/rooms?page=2&pageSize=1')).json()).data;
    expect(paged).toEqual([]);
  });

  it('GET /rooms/public: open public rooms you are not in and not invited to, host included', async () => {
    const host = await createUser(t);
    const me = await createUser(t);
    await makeFriends(t, host, me);
    const open = await createRoom(t, host, { name: 'Open picnic' });
    const invited = await createRoom(t, host, { name: 'Invited' }, [me.id]);
    await createRoom(t, host, { name: 'Secret', isPrivate: true });
    const closed = await createRoom(t, host, { name: 'Closed' });
    await as(t, host)('PATCH', `/v1/rooms/${closed.room.id}/close`);
    const mine = await createRoom(t, me, { name: 'My own' });
    const ids = roomsResponse
      .parse((await as(t, me)('GET', '/v1/rooms/public')).json())
      .data.map((r) => r.id);
    expect(ids).toContain(open.room.id);
    for (const hidden of [invited.room.id, closed.room.id, mine.room.id]) expect(ids).not.toContain(hidden);
    const publicRoom = roomsResponse
      .parse((await as(t, me)('GET', '/v1/rooms/public')).json())
      .data.find((r) => r.id === open.room.id)!;
    expect(publicRoom.host.username).toBe(host.username);
  });

  it('attendees: members only (403), host first then by username; uninvited: friends neither in nor invited', async () => {
    const host = await createUser(t, { username: 'zz_host' });
    const amy = await createUser(t, { username: 'amy_att' });
    const bob = await createUser(t, { username: 'bob_att' });
    const cat = await createUser(t, { username: 'cat_att' });
    for (const u of [amy, bob, cat]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, {}, [cat.id]);
    for (const u of [bob, amy])
      expect((await as(t, u)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    const list = usersResponse.parse((await as(t, amy)('GET', `/v1/rooms/${room.id}/attendees`)).json()).data;
    expect(list.map((u) => u.username)).toEqual(['zz_host', 'amy_att', 'bob_att']);
    expect(list.find((u) => u.id === bob.id)!.email).toBe(''); // amy and bob are not friends
    expect((await as(t, cat)('GET', `/v1/rooms/${room.id}/attendees`)).statusCode).toBe(403);

    const dan = await createUser(t);
    await makeFriends(t, host, dan);
    const uninvited = usersResponse.parse(
      (await as(t, host)('GET', `/v1/rooms/${room.id}/uninvited`)).json(),
    ).data;
    expect(uninvited.map((u) => u.id)).toEqual([dan.id]);
    expect((await as(t, dan)('GET', `/v1/rooms/${room.id}/uninvited`)).statusCode).toBe(403);
  });
});

describe('invites', () => {
  it('GET /rooms/invites lists pending invites with room and host; accept joins, decline does not', async () => {
    const host = await createUser(t);
    const me = await createUser(t);
    await makeFriends(t, host, me);
    const one = await createRoom(t, host, { name: 'One', isPrivate: true }, [me.id]);
    const two = await createRoom(t, host, { name: 'Two' }, [me.id]);
    const invites = invitesResponse.parse((await as(t, me)('GET', '/v1/rooms/invites')).json()).data;
    expect(invites.map((i) => i.room.name)).toEqual(['Two', 'One']);
    expect(invites[0]!.room.host.username).toBe(host.username);
    expect(countResponse.parse((await as(t, me)('GET', '/v1/rooms/invites/count')).json()).data.count).toBe(
      2,
    );

    const accepted = await as(t, me)('PATCH', `/v1/rooms/${one.room.id}`, { accept: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.room.attendeesCount).toBe(2);
    expect(accepted.json().data.attendees.map((u: { id: number }) => u.id)).toEqual([host.id, me.id]);
    const declined = await as(t, me)('PATCH', `/v1/rooms/${two.room.id}`, { accept: false });
    expect(declined.json()).toMatchObject({ status: 'success', data: null });
    expect((await as(t, me)('PATCH', `/v1/rooms/${two.room.id}`, { accept: true })).statusCode).toBe(404);
    expect(countResponse.parse((await as(t, me)('GET', '/v1/rooms/invites/count')).json()).data.count).toBe(
      0,
    );
    const rooms = roomsResponse.parse((await as(t, me)('GET', '/v1/rooms')).json()).data;
    expect(rooms.map((r) => r.name)).toEqual(['One']);
  });
});
