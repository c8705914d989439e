import { randomUUID } from 'node:crypto';
import { GUEST_LIMITS } from '@outing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuest, type TestGuest } from '../../test/guests.js';
import { as, countsOf, createRoom } from '../../test/rooms.js';
import { bearer, createUser, type TestUser } from '../../test/users.js';

/** The host removes a guest whose net is zero (docs/api/README.md#guests). */

let t: TestApp;
let host: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [host, member] = await Promise.all([createUser(t), createUser(t)]);
});
afterAll(() => t.close());

const remove = (u: TestUser, roomId: string, userId: number) =>
  as(t, u)('DELETE', `/v1/rooms/${roomId}/guests/${userId}`);
const asGuest = (g: TestGuest, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: bearer(g) });

/** A private room of the host with the member in and a guest going. */
async function roomWithGuest(name = 'Mei', overrides: Record<string, unknown> = {}) {
  const { room } = await createRoom(t, host, { name: 'Hot pot', isPrivate: true, ...overrides });
  expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  const guest = await createGuest(t, room.id, name);
  return { roomId: room.id, guest };
}

async function isMember(roomId: string, userId: number): Promise<boolean> {
  const { rows } = await t.database.pool.query(
    'SELECT 1 FROM room_members WHERE room_id = $1 AND user_id = $2',
    [roomId, userId],
  );
  return rows.length === 1;
}

const attendeeIds = async (roomId: string) =>
  (await as(t, host)('GET', `/v1/rooms/${roomId}/attendees`))
    .json<{ data: { id: number }[] }>()
    .data.map((a) => a.id);

describe('DELETE /v1/rooms/{id}/guests/{userId}', () => {
  it('removes a guest whose net is zero: the membership goes, the row stays, its token is refused at once', async () => {
    const { roomId, guest } = await roomWithGuest();
    // The guest's session is read (and cached) before it is removed.
    expect((await asGuest(guest, 'GET', `/v1/rooms/${roomId}`)).statusCode).toBe(200);
    expect(await attendeeIds(roomId)).toContain(guest.id);

    const res = await remove(host, roomId, guest.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: null, message: 'Guest removed' });

    expect(await isMember(roomId, guest.id)).toBe(false);
    expect(await attendeeIds(roomId)).not.toContain(guest.id);
    const after = await asGuest(guest, 'GET', `/v1/rooms/${roomId}`);
    expect(after.statusCode, after.body).toBe(401);
    expect(after.json()).toMatchObject({ reason: 'SESSION_ENDED' });
    // Bills and history point at the guest: its row stays, as the guest of that room.
    const { rows } = await t.database.pool.query(
      'SELECT username, guest_room_id, tokens_valid_after FROM users WHERE id = $1',
      [guest.id],
    );
    expect(rows[0]).toMatchObject({ username: 'Mei', guest_room_id: roomId });
    expect(rows[0].tokens_valid_after).not.toBeNull();
    const { rows: activity } = await t.database.pool.query(
      `SELECT kind FROM room_activity WHERE room_id = $1 AND actor_id = $2 ORDER BY id DESC LIMIT 1`,
      [roomId, guest.id],
    );
    expect(activity[0]).toEqual({ kind: 'member_left' });
    const counts = await countsOf(t, roomId);
    expect(counts.going_count).toBe(counts.going);
    // Removed already: no guest of this room by that id any more.
    const again = await remove(host, roomId, guest.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', reason: 'USER_NOT_FOUND' });
  });

  it('gives the guest’s place to the first on the waitlist, as a member leaving does', async () => {
    const { room } = await createRoom(t, host, { name: 'Tiny table', isPrivate: true, capacity: 2 });
    const guest = await createGuest(t, room.id, 'Ola');
    const joined = await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(joined.json().data.room.myRsvp).toBe('waitlisted');
    expect((await remove(host, room.id, guest.id)).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(
      'SELECT rsvp FROM room_members WHERE room_id = $1 AND user_id = $2',
      [room.id, member.id],
    );
    expect(rows[0].rsvp).toBe('going');
  });

  it('is 409 NET_NOT_ZERO with a sentence naming the guest while it owes or is owed; it stays', async () => {
    const { roomId, guest } = await roomWithGuest('Mei');
    const bill = await as(t, host)('POST', '/v1/bills', {
      name: 'Hot pot',
      amount: 30,
      includeOwner: true,
      roomId,
      payers: [guest.id],
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const res = await remove(host, roomId, guest.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'NET_NOT_ZERO',
      message: 'Mei still owes or is owed money in this room; settle up first.',
    });
    expect(await isMember(roomId, guest.id)).toBe(true);
    expect((await asGuest(guest, 'GET', `/v1/rooms/${roomId}`)).statusCode).toBe(200);
  });

  it('is 403 NOT_HOST for a member who is not the host; the guest stays', async () => {
    const { roomId, guest } = await roomWithGuest();
    const res = await remove(member, roomId, guest.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'NOT_HOST' });
    expect(await isMember(roomId, guest.id)).toBe(true);
  });

  it('never removes an account: a member’s id is 404 USER_NOT_FOUND, and they stay', async () => {
    const { roomId } = await roomWithGuest();
    const res = await remove(host, roomId, member.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', reason: 'USER_NOT_FOUND' });
    expect(await isMember(roomId, member.id)).toBe(true);
  });

  it('is 404 USER_NOT_FOUND for a guest of another room of the same host', async () => {
    const a = await roomWithGuest();
    const b = await roomWithGuest('Noor');
    const res = await remove(host, a.roomId, b.guest.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ reason: 'USER_NOT_FOUND' });
    expect(await isMember(b.roomId, b.guest.id)).toBe(true);
  });

  it('is 404 ROOM_NOT_FOUND for an unknown room, and 401 signed out', async () => {
    const { roomId, guest } = await roomWithGuest();
    const unknown = await remove(host, randomUUID(), guest.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ reason: 'ROOM_NOT_FOUND' });
    const out = await t.app.inject({ method: 'DELETE', url: `/v1/rooms/${roomId}/guests/${guest.id}` });
    expect(out.statusCode).toBe(401);
    expect(await isMember(roomId, guest.id)).toBe(true);
  });

  it('refuses the guest itself (403 GUEST_NOT_ALLOWED), even on its own id', async () => {
    const { roomId, guest } = await roomWithGuest();
    const res = await asGuest(guest, 'DELETE', `/v1/rooms/${roomId}/guests/${guest.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'GUEST_NOT_ALLOWED', reason: 'GUEST_NOT_ALLOWED' });
    expect(await isMember(roomId, guest.id)).toBe(true);
  });

  it('frees the removed guest’s place among the room’s 50 guests', async () => {
    const { room } = await createRoom(t, host, { name: 'Full house', isPrivate: true });
    const guests = [];
    for (let n = 0; n < GUEST_LIMITS.perRoom; n++) guests.push(await createGuest(t, room.id, `Guest ${n}`));
    const link = await as(t, host)('POST', `/v1/rooms/${room.id}/guest-link`);
    const secret = new URL(link.json<{ data: { url: string } }>().data.url).pathname.slice('/g/'.length);
    const join = () =>
      t.app.inject({ method: 'POST', url: `/v1/guest/${secret}/join`, payload: { name: 'One more' } });
    expect((await join()).json()).toMatchObject({ reason: 'GUESTS_FULL' });
    expect((await remove(host, room.id, guests[0]!.id)).statusCode).toBe(200);
    const joined = await join();
    expect(joined.statusCode, joined.body).toBe(200);
  });
});
