import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestLinkSchema, guestPreviewSchema, roomPreviewResponse, successEnvelope } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

/** The host's guest link and what it shows before joining (docs/api/README.md#guests). */

const PUBLIC_URL = 'https://outing.example';
let t: TestApp;
let host: TestUser;
let member: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  [host, member, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
});
afterAll(() => t.close());

const linkResponse = successEnvelope(guestLinkSchema.nullable());
const previewResponse = successEnvelope(guestPreviewSchema);
const secretOf = (url: string) => new URL(url).pathname.replace(/^\/g\//, '');
const preview = (secret: string) => t.app.inject({ method: 'GET', url: `/v1/guest/${secret}` });

async function link(u: TestUser, roomId: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') {
  const res = await as(t, u)(method, `/v1/rooms/${roomId}/guest-link`);
  expect(res.statusCode, res.body).toBe(200);
  return linkResponse.parse(res.json()).data;
}

async function hostedRoom(overrides: Record<string, unknown> = {}) {
  const { room } = await createRoom(t, host, { name: 'Board games', isPrivate: true, ...overrides });
  expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room;
}

describe('the guest link (host only)', () => {
  it('is off at first; turned on it is /g/{secret} with at least 128 bits; GET shows it again', async () => {
    const room = await hostedRoom();
    expect(await link(host, room.id)).toBeNull();
    const on = (await link(host, room.id, 'POST'))!;
    expect(on.url).toMatch(new RegExp(`^${PUBLIC_URL}/g/[A-Za-z0-9_-]{22,}$`));
    // base64url: 6 bits a character.
    expect(secretOf(on.url).length * 6).toBeGreaterThanOrEqual(128);
    expect(await link(host, room.id)).toEqual(on);
    const res = await as(t, host)('GET', `/v1/rooms/${room.id}/guest-link`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a second POST replaces it: the old secret is 404 at once, the new one works', async () => {
    const room = await hostedRoom();
    const first = (await link(host, room.id, 'POST'))!;
    const second = (await link(host, room.id, 'POST'))!;
    expect(second.url).not.toBe(first.url);
    expect(await link(host, room.id)).toEqual(second);
    const old = await preview(secretOf(first.url));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'NOT_FOUND', reason: 'GUEST_LINK_INVALID' });
    expect((await preview(secretOf(second.url))).statusCode).toBe(200);
  });

  it('DELETE turns it off: the secret is 404, GET is null, and the row is gone', async () => {
    const room = await hostedRoom();
    const on = (await link(host, room.id, 'POST'))!;
    expect(await link(host, room.id, 'DELETE')).toBeNull();
    expect((await preview(secretOf(on.url))).statusCode).toBe(404);
    const join = await t.app.inject({
      method: 'POST',
      url: `/v1/guest/${secretOf(on.url)}/join`,
      payload: { name: 'Late Larry' },
    });
    expect(join.statusCode).toBe(404);
    expect(join.json()).toMatchObject({ reason: 'GUEST_LINK_INVALID' });
    expect(await link(host, room.id)).toBeNull();
    const { rows } = await t.database.pool.query('SELECT 1 FROM room_guest_links WHERE room_id = $1', [
      room.id,
    ]);
    expect(rows).toEqual([]);
    // Turning it off again is fine.
    expect(await link(host, room.id, 'DELETE')).toBeNull();
  });

  it('a member is 403 NOT_HOST, a stranger 403, an unknown room 404, signed out 401; nothing changes', async () => {
    const room = await hostedRoom();
    const on = (await link(host, room.id, 'POST'))!;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      for (const u of [member, stranger]) {
        const res = await as(t, u)(method, `/v1/rooms/${room.id}/guest-link`);
        expect(res.statusCode, `${method} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ reason: 'NOT_HOST' });
        expect(res.body).not.toContain(secretOf(on.url));
      }
      const missing = await as(t, host)(method, `/v1/rooms/${randomUUID()}/guest-link`);
      expect(missing.statusCode).toBe(404);
      const signedOut = await t.app.inject({ method, url: `/v1/rooms/${room.id}/guest-link` });
      expect(signedOut.statusCode).toBe(401);
    }
    expect(await link(host, room.id)).toEqual(on);
  });

  it('cannot be turned on in a closed room (409 ROOM_CLOSED); an existing one can still be turned off', async () => {
    const room = await hostedRoom();
    await link(host, room.id, 'POST');
    expect((await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
    const res = await as(t, host)('POST', `/v1/rooms/${room.id}/guest-link`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'ROOM_CLOSED' });
    expect(await link(host, room.id, 'DELETE')).toBeNull();
  });
});

describe('GET /v1/guest/{secret}', () => {
  it('is the room’s preview as GET /rooms/{id}/preview gives it, with guestsAllowed, and no member’s name', async () => {
    const room = await hostedRoom({ name: 'Quiz night', description: 'Teams of four' });
    const secret = secretOf((await link(host, room.id, 'POST'))!.url);
    const res = await preview(secret);
    expect(res.statusCode, res.body).toBe(200);
    const data = previewResponse.parse(res.json()).data;
    const plain = roomPreviewResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/v1/rooms/${room.id}/preview` })).json(),
    ).data;
    expect(data).toEqual({ ...plain, guestsAllowed: true });
    expect(data).toMatchObject({ id: room.id, name: 'Quiz night', description: 'Teams of four' });
    expect(res.body).not.toContain(member.username);
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain(host.email);
  });

  it('is 404 GUEST_LINK_INVALID for a secret nobody had; one of the wrong shape names nothing either (404)', async () => {
    for (const secret of ['Q'.repeat(22), 'Q'.repeat(40)]) {
      const res = await preview(secret);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', reason: 'GUEST_LINK_INVALID' });
    }
    expect((await preview('short')).statusCode).toBe(404);
  });

  it('never logs the secret', async () => {
    const room = await hostedRoom();
    const secret = secretOf((await link(host, room.id, 'POST'))!.url);
    const from = t.logs.length;
    await preview(secret);
    await t.app.inject({ method: 'POST', url: `/v1/guest/${secret}/join`, payload: { name: 'Quiet Quinn' } });
    const lines = t.logs.slice(from).join('\n');
    expect(lines).toContain('/v1/guest/[REDACTED]');
    expect(lines).not.toContain(secret);
  });
});
