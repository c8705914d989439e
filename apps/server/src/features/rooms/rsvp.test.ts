import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeSchema, rsvpResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createUsers, countsOf, createRoom, startedRoom } from '../../test/rooms.js';
import { createUser, makeFriends } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rsvpOf = async (roomId: string, userId: number) =>
  (
    await t.database.pool.query<{ rsvp: string }>(
      'SELECT rsvp FROM room_members WHERE room_id = $1 AND user_id = $2',
      [roomId, userId],
    )
  ).rows[0]?.rsvp;

describe('PATCH /rooms/{id}/rsvp', () => {
  it('members change their answer; the room shows the counts and myRsvp; attendees carry rsvp', async () => {
    const [host, ann, ben] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { room } = await createRoom(t, host);
    expect(room).toMatchObject({ goingCount: 1, maybeCount: 0, myRsvp: 'going' });
    for (const u of [ann, ben]) await as(t, u)('PATCH', `/v1/rooms/${room.id}/join`);

    const res = await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    expect(res.statusCode, res.body).toBe(200);
    const body = rsvpResponse.parse(res.json());
    expect(body.data.rsvp).toBe('maybe');
    expect(body.data.room).toMatchObject({ goingCount: 2, maybeCount: 1, myRsvp: 'maybe' });

    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    expect(await rsvpOf(room.id, ben.id)).toBe('declined');
    const list = (await as(t, host)('GET', `/v1/rooms/${room.id}/attendees`)).json().data;
    expect(list.map((a: unknown) => attendeeSchema.parse(a).rsvp)).toEqual(
      [host, ann, ben]
        .sort((a, b) => (a === host ? -1 : b === host ? 1 : a.username.localeCompare(b.username)))
        .map((u) => (u === host ? 'going' : u === ann ? 'maybe' : 'declined')),
    );
    // Back to going; the same answer twice changes nothing.
    const back = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(back.json().data).toMatchObject({ rsvp: 'going', room: { goingCount: 2, maybeCount: 1 } });
    expect(
      (await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' })).json().data.rsvp,
    ).toBe('going');
    expect(await countsOf(t, room.id)).toMatchObject({ going_count: 2, going: 2, maybe_count: 1, maybe: 1 });
  });

  it('a pending invitee’s going or maybe joins, declined declines the invite; anyone else 403, unknown 404', async () => {
    const [host, ann, ben, cat, eve] = await createUsers(t, 5);
    for (const u of [ann, ben, cat]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, { isPrivate: true }, [ann.id, ben.id, cat.id]);
    expect(room.invitedCount).toBe(3);

    const maybe = await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    expect(maybe.json().data).toMatchObject({ rsvp: 'maybe', room: { myRsvp: 'maybe', invitedCount: 2 } });
    const going = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(going.json().data).toMatchObject({ rsvp: 'going', room: { goingCount: 2, attendeesCount: 3 } });
    const no = await as(t, cat)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    expect(no.json().data).toMatchObject({ rsvp: 'declined', room: { myRsvp: null, invitedCount: 0 } });
    const { rows } = await t.database.pool.query(
      'SELECT user_id, status FROM invites WHERE room_id = $1 ORDER BY user_id',
      [room.id],
    );
    expect(rows).toEqual(
      [
        { user_id: ann.id, status: 'accepted' },
        { user_id: ben.id, status: 'accepted' },
        { user_id: cat.id, status: 'declined' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect(await rsvpOf(room.id, cat.id)).toBeUndefined();

    // cat declined: no longer an invitee, so like eve, a stranger.
    for (const u of [cat, eve]) {
      const res = await as(t, u)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', message: 'Only members and invitees can answer.' });
    }
    expect(
      (await as(t, eve)('PATCH', `/v1/rooms/${randomUUID()}/rsvp`, { status: 'going' })).statusCode,
    ).toBe(404);
    const bad = await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'waitlisted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toBe('Answer going, maybe or declined');
  });

  it('a closed room is a 409; a started one refuses invitees joining with the one sentence, members may answer', async () => {
    const [host, ann, ben] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    for (const u of [ann, ben]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, { isPrivate: true }, [ann.id]);
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`);
    await startedRoom(t, room.id);

    for (const status of ['going', 'maybe']) {
      const res = await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        reason: 'ALREADY_STARTED',
        message: 'This outing has already started.',
      });
    }
    expect(await rsvpOf(room.id, ann.id)).toBeUndefined();
    expect((await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' })).statusCode).toBe(
      200,
    );
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' })).statusCode).toBe(
      200,
    );

    await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    const closed = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'ROOM_CLOSED',
      message: 'This room is closed.',
    });
  });

  it('past rooms: join and accepting an invite answer 409 with the same sentence', async () => {
    const [host, ann, ben] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { isPrivate: false }, [ann.id]);
    await startedRoom(t, room.id);
    const join = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(join.statusCode).toBe(409);
    expect(join.json()).toMatchObject({
      status: 'error',
      reason: 'ALREADY_STARTED',
      message: 'This outing has already started.',
    });
    const accept = await as(t, ann)('PATCH', `/v1/rooms/${room.id}`, { accept: true });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({
      reason: 'ALREADY_STARTED',
      message: 'This outing has already started.',
    });
    // Declining still works.
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}`, { accept: false })).statusCode).toBe(200);
    expect((await countsOf(t, room.id)).going).toBe(1);
  });
});
