import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeeSchema,
  GUEST_LIMITS,
  guestJoinData,
  roomResponse,
  successEnvelope,
  tokenField,
} from '@outing/contract';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, startedRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/** Joining a room as a guest from its guest link (docs/api/README.md#guests). */

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t);
});
afterAll(() => t.close());

const joinResponse = successEnvelope(guestJoinData).extend(tokenField);
const attendeesResponse = successEnvelope(z.array(attendeeSchema));

async function roomWithLink(overrides: Record<string, unknown> = {}) {
  const { room } = await createRoom(t, host, { name: 'Karaoke', isPrivate: true, ...overrides });
  const res = await as(t, host)('POST', `/v1/rooms/${room.id}/guest-link`);
  expect(res.statusCode, res.body).toBe(200);
  const secret = new URL(res.json<{ data: { url: string } }>().data.url).pathname.slice('/g/'.length);
  return { room, secret };
}

const join = (app: TestApp, secret: string, name: unknown) =>
  app.app.inject({ method: 'POST', url: `/v1/guest/${secret}/join`, payload: { name } });

describe('POST /v1/guest/{secret}/join', () => {
  it('makes a guest user and a going member, and answers it with a 90-day token and the room', async () => {
    const { room, secret } = await roomWithLink();
    const res = await join(t, secret, '  Zoë Müller  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = joinResponse.parse(res.json());
    expect(body.message).toBe('Joined as a guest');
    const { user } = body.data;
    expect(user).toEqual({
      id: user.id,
      username: 'Zoë Müller',
      displayName: '',
      email: '',
      pictureUrl: '',
      isGuest: true,
    });
    expect(body.data.room).toMatchObject({ id: room.id, attendeesCount: 2, myRsvp: 'going' });

    const claims = decodeJwt(body.token);
    expect(claims.user_id).toBe(user.id);
    // The token says it is a guest's, and of which room (docs/api/README.md#authentication).
    expect(claims.guest_room_id).toBe(room.id);
    const days = (claims.exp! - claims.iat!) / 86_400;
    expect(Math.round(days)).toBe(90);

    const { rows: users } = await t.database.pool.query(
      'SELECT username, email, password_hash, is_email_valid, picture_url, guest_room_id FROM users WHERE id = $1',
      [user.id],
    );
    expect(users).toEqual([
      {
        username: 'Zoë Müller',
        email: '',
        password_hash: null,
        is_email_valid: false,
        picture_url: '',
        guest_room_id: room.id,
      },
    ]);
    const { rows: members } = await t.database.pool.query(
      'SELECT rsvp FROM room_members WHERE room_id = $1 AND user_id = $2',
      [room.id, user.id],
    );
    expect(members).toEqual([{ rsvp: 'going' }]);

    // The host sees the guest among the attendees, by the name it typed.
    const seen = attendeesResponse.parse((await as(t, host)('GET', `/v1/rooms/${room.id}/attendees`)).json());
    expect(seen.data.map((a) => a.username)).toContain('Zoë Müller');
    // The guest's token opens its room.
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/rooms/${room.id}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(roomResponse.parse(own.json()).data.id).toBe(room.id);
  });

  it('names need not be unique; a full room waitlists the guest as it would an account', async () => {
    const { room, secret } = await roomWithLink({ capacity: 2 });
    const a = joinResponse.parse((await join(t, secret, 'Sam')).json()).data;
    const b = joinResponse.parse((await join(t, secret, 'Sam')).json()).data;
    expect(a.user.id).not.toBe(b.user.id);
    expect(a.room.myRsvp).toBe('going');
    expect(b.room.myRsvp).toBe('waitlisted');
    expect(b.room).toMatchObject({ id: room.id, attendeesCount: 3, goingCount: 2, waitlistCount: 1 });
  });

  it('tells the host of each guest who joins, going or waitlisted (rsvp_changed), as of a member', async () => {
    const { room, secret } = await roomWithLink({ name: 'Guest night', capacity: 2 });
    const a = joinResponse.parse((await join(t, secret, 'Sam')).json()).data;
    const b = joinResponse.parse((await join(t, secret, 'Kai')).json()).data;
    const { rows } = await t.database.pool.query<{ content: string; actor_id: number; room_id: string }>(
      `SELECT content, actor_id, room_id FROM notifications WHERE user_id = $1 AND kind = 'rsvp_changed'
       AND room_id = $2 ORDER BY id`,
      [host.id, room.id],
    );
    expect(rows).toEqual([
      { content: 'Sam is going to Guest night.', actor_id: a.user.id, room_id: room.id },
      {
        content: 'Kai wants to come to Guest night and is on the waitlist.',
        actor_id: b.user.id,
        room_id: room.id,
      },
    ]);
  });

  it('refuses a name that is empty, too long or holds a control character (400), and changes nothing', async () => {
    const { room, secret } = await roomWithLink();
    for (const name of ['', '   ', 'x'.repeat(GUEST_LIMITS.nameMax + 1), 'Bad\u0007name', 'Two\nlines', 42]) {
      const res = await join(t, secret, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
    }
    expect((await join(t, secret, 'x'.repeat(GUEST_LIMITS.nameMax))).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM room_members m JOIN users u ON u.id = m.user_id
       WHERE m.room_id = $1 AND u.guest_room_id = $1`,
      [room.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a closed room (409 ROOM_CLOSED) and a started one (409 ALREADY_STARTED)', async () => {
    const closed = await roomWithLink();
    expect((await as(t, host)('PATCH', `/v1/rooms/${closed.room.id}/close`)).statusCode).toBe(200);
    const res = await join(t, closed.secret, 'Carla');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'ROOM_CLOSED' });

    const started = await roomWithLink();
    await startedRoom(t, started.room.id);
    const late = await join(t, started.secret, 'Lars');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'ALREADY_STARTED' });
  });

  it('refuses the 51st guest of a room (409 GUESTS_FULL)', async () => {
    const { room, secret } = await roomWithLink();
    await t.database.pool.query(
      `WITH guests AS (INSERT INTO users (username, email, guest_room_id)
         SELECT 'Guest ' || g, '', $1 FROM generate_series(1, $2::int - 1) AS g RETURNING id)
       INSERT INTO room_members (room_id, user_id) SELECT $1, id FROM guests`,
      [room.id, GUEST_LIMITS.perRoom],
    );
    expect((await join(t, secret, 'Fiftieth')).statusCode).toBe(200);
    const res = await join(t, secret, 'Fifty-first');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'GUESTS_FULL' });
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM room_members m JOIN users u ON u.id = m.user_id
       WHERE m.room_id = $1 AND u.guest_room_id = $1`,
      [room.id],
    );
    expect(rows[0].n).toBe(GUEST_LIMITS.perRoom);
  });

  it('is 404 GUEST_LINK_INVALID for a secret nobody had', async () => {
    const res = await join(t, 'Q'.repeat(22), 'Nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', reason: 'GUEST_LINK_INVALID' });
  });
});

describe('the guest_room_id claim', () => {
  it('is in no account’s token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      payload: { username: host.username, password: host.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const claims = decodeJwt(res.json<{ token: string }>().token);
    expect(claims.user_id).toBe(host.id);
    expect(claims).not.toHaveProperty('guest_room_id');
  });
});

describe('the join rate limit', () => {
  it('allows 10 joins from one address in an hour; the 11th is 429', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' }, undefined, { database: t.database });
    try {
      const { secret } = await roomWithLink();
      for (let i = 1; i <= GUEST_LIMITS.joinsPerAddressPerHour; i++)
        expect((await join(limited, secret, `Guest ${i}`)).statusCode).toBe(200);
      const res = await join(limited, secret, 'One too many');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_ATTEMPTS' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
      // Another address may still join.
      const other = await limited.app.inject({
        method: 'POST',
        url: `/v1/guest/${secret}/join`,
        payload: { name: 'Elsewhere' },
        remoteAddress: '203.0.113.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
