import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUEST_LIMITS,
  guestDeviceLinkSchema,
  guestJoinData,
  roomResponse,
  successEnvelope,
  tokenField,
} from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/**
 * A guest's personal link, to open the same guest on another device (docs/api/README.md#guests, issue 35):
 * `GET/POST/DELETE /guest/device-link` (a guest's own) and `POST /guest/resume` (the secret in the body, no token).
 */

const PUBLIC_URL = 'https://outing.example';
let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  host = await createUser(t);
});
afterAll(() => t.close());

const linkResponse = successEnvelope(guestDeviceLinkSchema.nullable());
const resumeResponse = successEnvelope(guestJoinData).extend(tokenField);
type Guest = { id: number; username: string; token: string; roomId: string };

/** A room of the host with its guest link on, and a guest joined from it through the API. */
async function guestOfNewRoom(name = 'Robin'): Promise<Guest> {
  const { room } = await createRoom(t, host, { name: 'Picnic', isPrivate: true });
  const link = await as(t, host)('POST', `/v1/rooms/${room.id}/guest-link`);
  expect(link.statusCode, link.body).toBe(200);
  const secret = new URL(link.json<{ data: { url: string } }>().data.url).pathname.slice('/g/'.length);
  const joined = await t.app.inject({ method: 'POST', url: `/v1/guest/${secret}/join`, payload: { name } });
  expect(joined.statusCode, joined.body).toBe(200);
  const body = joined.json<{ data: { user: { id: number; username: string } }; token: string }>();
  return { ...body.data.user, token: body.token, roomId: room.id };
}

const call = (app: TestApp, who: { token: string }, method: 'GET' | 'POST' | 'DELETE', url = '') =>
  app.app.inject({
    method,
    url: `/v1/guest/device-link${url}`,
    headers: { authorization: `Bearer ${who.token}` },
  });

async function deviceLink(who: { token: string }, method: 'GET' | 'POST' | 'DELETE' = 'GET') {
  const res = await call(t, who, method);
  expect(res.statusCode, res.body).toBe(200);
  return linkResponse.parse(res.json()).data;
}

/** The secret of a personal link: its fragment. */
const secretOf = (url: string) => new URL(url).hash.slice(1);
const resume = (app: TestApp, secret: unknown, remoteAddress?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/v1/guest/resume',
    payload: { secret },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function expectInvalid(secret: string) {
  const res = await resume(t, secret);
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toMatchObject({ code: 'NOT_FOUND', reason: 'GUEST_DEVICE_LINK_INVALID' });
  expect(res.body).not.toContain('"token"');
}

describe('/v1/guest/device-link (a guest’s own)', () => {
  it('is off at first; turned on it is /guest/open#{secret}, 128 bits at least; GET shows it again; never cached', async () => {
    const guest = await guestOfNewRoom();
    expect(await deviceLink(guest)).toBeNull();
    const created = await call(t, guest, 'POST');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const on = linkResponse.parse(created.json()).data!;
    expect(on.url).toMatch(new RegExp(`^${PUBLIC_URL}/guest/open#[A-Za-z0-9_-]{22,}$`));
    // The secret is in the fragment only: the path and query carry nothing a server would see.
    const url = new URL(on.url);
    expect(`${url.pathname}${url.search}`).toBe('/guest/open');
    expect(secretOf(on.url).length * 6).toBeGreaterThanOrEqual(128);
    const shown = await call(t, guest, 'GET');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(linkResponse.parse(shown.json()).data).toEqual(on);
    // Only the secret's hash is kept, with the salt.
    const { rows } = await t.database.pool.query(
      'SELECT salt, secret_hash FROM guest_device_links WHERE user_id = $1',
      [guest.id],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secretOf(on.url));
  });

  it('POST again replaces it: the old secret is 404 at once, the new one works', async () => {
    const guest = await guestOfNewRoom();
    const first = (await deviceLink(guest, 'POST'))!;
    expect((await resume(t, secretOf(first.url))).statusCode).toBe(200);
    const second = (await deviceLink(guest, 'POST'))!;
    expect(second.url).not.toBe(first.url);
    expect(await deviceLink(guest)).toEqual(second);
    await expectInvalid(secretOf(first.url));
    expect((await resume(t, secretOf(second.url))).statusCode).toBe(200);
  });

  it('DELETE turns it off: the secret is 404, GET is null, the row is gone; the guest’s sessions stay', async () => {
    const guest = await guestOfNewRoom();
    const on = (await deviceLink(guest, 'POST'))!;
    expect(await deviceLink(guest, 'DELETE')).toBeNull();
    await expectInvalid(secretOf(on.url));
    expect(await deviceLink(guest)).toBeNull();
    const { rows } = await t.database.pool.query('SELECT 1 FROM guest_device_links WHERE user_id = $1', [
      guest.id,
    ]);
    expect(rows).toEqual([]);
    expect(await deviceLink(guest, 'DELETE')).toBeNull();
    expect(
      (await as(t, { ...host, token: guest.token })('GET', `/v1/rooms/${guest.roomId}`)).statusCode,
    ).toBe(200);
  });

  it('refuses an account’s token on all three routes (403 NOT_GUEST), and a missing one (401); nothing is made', async () => {
    const account = await createUser(t);
    for (const u of [account, host])
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await call(t, u, method);
        expect(res.statusCode, `${method} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'FORBIDDEN',
          reason: 'NOT_GUEST',
          message: 'Only a guest has a personal link.',
        });
      }
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await t.app.inject({ method, url: '/v1/guest/device-link' })).statusCode).toBe(401);
    const { rows } = await t.database.pool.query('SELECT 1 FROM guest_device_links WHERE user_id = ANY($1)', [
      [account.id, host.id],
    ]);
    expect(rows).toEqual([]);
  });

  it('a guest of room A reaches nothing of room B through it', async () => {
    const a = await guestOfNewRoom('Alma');
    const b = await guestOfNewRoom('Bruno');
    // Naming room B is refused by the guest's scope (lib/route.ts), in the query and in the body.
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(t, a, method, `?roomId=${b.roomId}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ reason: 'GUEST_NOT_ALLOWED' });
    }
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/v1/guest/device-link',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { roomId: b.roomId },
    });
    expect(inBody.statusCode, inBody.body).toBe(403);
    expect(inBody.json()).toMatchObject({ reason: 'GUEST_NOT_ALLOWED' });
    // A's link is A's alone: B's is untouched by A's calls, and A's opens A in A's room, never B's.
    const bLink = (await deviceLink(b, 'POST'))!;
    const aLink = (await deviceLink(a, 'POST'))!;
    await deviceLink(a, 'DELETE');
    expect(await deviceLink(b)).toEqual(bLink);
    await expectInvalid(secretOf(aLink.url));
    const aAgain = (await deviceLink(a, 'POST'))!;
    const resumed = resumeResponse.parse((await resume(t, secretOf(aAgain.url))).json());
    expect(resumed.data.user.id).toBe(a.id);
    expect(resumed.data.room.id).toBe(a.roomId);
    const intoB = await t.app.inject({
      method: 'GET',
      url: `/v1/rooms/${b.roomId}`,
      headers: { authorization: `Bearer ${resumed.token}` },
    });
    expect(intoB.statusCode, intoB.body).toBe(403);
    expect(intoB.json()).toMatchObject({ reason: 'GUEST_NOT_ALLOWED' });
  });
});

describe('POST /v1/guest/resume', () => {
  it('answers as the join does: the same guest, its room and a new 90-day guest token that reads the room', async () => {
    const guest = await guestOfNewRoom('Zoë');
    const on = (await deviceLink(guest, 'POST'))!;
    const res = await resume(t, secretOf(on.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = resumeResponse.parse(res.json());
    expect(body.data.user).toEqual({
      id: guest.id,
      username: 'Zoë',
      displayName: '',
      email: '',
      pictureUrl: '',
      isGuest: true,
    });
    expect(body.data.room).toMatchObject({ id: guest.roomId, myRsvp: 'going' });
    expect(body.token).not.toBe(guest.token);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ user_id: guest.id, guest_room_id: guest.roomId });
    expect(Math.round((claims.exp! - claims.iat!) / 86_400)).toBe(90);
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/rooms/${guest.roomId}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(roomResponse.parse(own.json()).data.id).toBe(guest.roomId);
    // The link stays on: the guest may open it on a third device.
    expect(await deviceLink(guest)).toEqual(on);
  });

  it('is 404 once the host removed the guest, and the guest’s link is deleted with it', async () => {
    const guest = await guestOfNewRoom();
    const on = (await deviceLink(guest, 'POST'))!;
    const removed = await as(t, host)('DELETE', `/v1/rooms/${guest.roomId}/guests/${guest.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectInvalid(secretOf(on.url));
    const { rows } = await t.database.pool.query('SELECT 1 FROM guest_device_links WHERE user_id = $1', [
      guest.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('is 404 for a guest no longer in its room even if its link row were left', async () => {
    const guest = await guestOfNewRoom();
    const on = (await deviceLink(guest, 'POST'))!;
    await t.database.pool.query('DELETE FROM room_members WHERE room_id = $1 AND user_id = $2', [
      guest.roomId,
      guest.id,
    ]);
    await expectInvalid(secretOf(on.url));
  });

  it('is 404 for a secret nobody had, 400 for one of the wrong shape or none, and needs no token', async () => {
    await expectInvalid('Q'.repeat(22));
    await expectInvalid('Q'.repeat(40));
    for (const secret of ['short', 'x'.repeat(65), 'has space in it 1234567', 42, undefined])
      expect((await resume(t, secret)).statusCode, JSON.stringify(secret)).toBe(400);
  });

  it('never logs the secret', async () => {
    const guest = await guestOfNewRoom();
    const from = t.logs.length;
    const secret = secretOf((await deviceLink(guest, 'POST'))!.url);
    await deviceLink(guest);
    expect((await resume(t, secret)).statusCode).toBe(200);
    await deviceLink(guest, 'POST');
    expect((await resume(t, secret)).statusCode).toBe(404);
    // A malformed one is not logged either.
    const malformed = `${secret}!`;
    expect((await resume(t, malformed)).statusCode).toBe(400);
    const lines = t.logs.slice(from).join('\n');
    expect(lines).toContain('request completed');
    expect(lines).not.toContain(secret);
  });
});

describe('the resume rate limit', () => {
  it('allows 10 resumes from one address in an hour; the 11th is 429; another address still may', async () => {
    const limited = await createTestApp({ PUBLIC_URL, RATE_LIMITS: 'on' }, undefined, {
      database: t.database,
    });
    try {
      const guest = await guestOfNewRoom();
      const secret = secretOf((await deviceLink(guest, 'POST'))!.url);
      for (let i = 1; i <= GUEST_LIMITS.resumesPerAddressPerHour; i++)
        expect((await resume(limited, secret)).statusCode).toBe(200);
      const res = await resume(limited, secret);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'TOO_MANY_ATTEMPTS' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
      // Unknown secrets count too: the limit is on guessing.
      expect((await resume(limited, 'Q'.repeat(22))).statusCode).toBe(429);
      expect((await resume(limited, secret, '203.0.113.9')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
