import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../test/app.js';
import { createGuest } from '../test/guests.js';
import { as, createRoom } from '../test/rooms.js';
import type { TestUser } from '../test/users.js';
import type { GuestWorld, World } from './authz-world.js';
import { get, open, r, signedIn, type Method, type Row } from './authz-kinds.js';

/**
 * Matrix rows of the guest link, its preview, joining from it, removing a guest and a guest's personal link
 * (docs/api/README.md#guests, issue 35).
 */

export async function buildGuestWorld(
  t: TestApp,
  users: { host: TestUser; member: TestUser; invitee: TestUser },
  tag: string,
): Promise<GuestWorld> {
  const { host, member, invitee } = users;
  const room = async (name: string) => {
    const { room } = await createRoom(t, host, { name, isPrivate: true }, [invitee.id]);
    const joined = await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    return room.id;
  };
  const link = async (roomId: string, method: 'POST' | 'DELETE') => {
    const res = await as(t, host)(method, `/v1/rooms/${roomId}/guest-link`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { url: string } | null }>().data;
    return data && new URL(data.url).pathname.slice('/g/'.length);
  };
  const linkRoom = await room(`Guest link ${tag}`);
  const linkSecret = (await link(linkRoom, 'POST'))!;
  const joinRoom = await room(`Guests welcome ${tag}`);
  const live = (await link(joinRoom, 'POST'))!;
  const gone = await room(`Guests no more ${tag}`);
  const revoked = (await link(gone, 'POST'))!;
  await link(gone, 'DELETE');
  const removable = (await createGuest(t, linkRoom, `Removable ${tag}`)).id;
  const resumable = await createGuest(t, joinRoom, `Resumable ${tag}`);
  const personal = await t.app.inject({
    method: 'POST',
    url: '/v1/guest/device-link',
    headers: { authorization: `Bearer ${resumable.token}` },
  });
  expect(personal.statusCode, personal.body).toBe(200);
  const deviceSecret = new URL(personal.json<{ data: { url: string } }>().data.url).hash.slice(1);
  return {
    linkRoom,
    secrets: { live, revoked, unknown: 'Q'.repeat(22) },
    shown: [linkSecret, live, deviceSecret],
    removable,
    deviceSecret,
  };
}

const G = (w: World) => w.guests;
const noRoom = (method: Method) => ({
  status: 404,
  request: () => r(method, `/v1/rooms/${randomUUID()}/guest-link`),
});

export const guests: Row[] = [
  // The host's alone: a member or anyone else is refused (403 NOT_HOST); a room that does not exist is 404.
  ...(['GET', 'POST', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/v1/rooms/:id/guest-link',
    request: (w) => r(method, `/v1/rooms/${G(w).linkRoom}/guest-link`),
    expect: signedIn(403, { host: 200 }),
    missing: noRoom(method),
  })),
  // The host's alone, as the link; an account's id or another room's guest is 404 (remove.test.ts).
  {
    method: 'DELETE',
    route: '/v1/rooms/:id/guests/:userId',
    request: (w) => r('DELETE', `/v1/rooms/${G(w).linkRoom}/guests/${G(w).removable}`),
    expect: signedIn(403, { host: 200 }),
    missing: {
      status: 404,
      request: (w) => r('DELETE', `/v1/rooms/${randomUUID()}/guests/${G(w).removable}`),
    },
  },
  // No token: the secret is the key, whatever Authorization header comes with it.
  {
    method: 'GET',
    route: '/v1/guest/:secret',
    variant: 'a live secret',
    request: (w) => get(`/v1/guest/${G(w).secrets.live}`),
    expect: open(200),
  },
  {
    method: 'GET',
    route: '/v1/guest/:secret',
    variant: 'a revoked secret',
    request: (w) => get(`/v1/guest/${G(w).secrets.revoked}`),
    expect: open(404),
  },
  {
    method: 'GET',
    route: '/v1/guest/:secret',
    variant: 'a secret nobody had',
    request: (w) => get(`/v1/guest/${G(w).secrets.unknown}`),
    expect: open(404),
  },
  {
    method: 'POST',
    route: '/v1/guest/:secret/join',
    variant: 'a live secret: each call is a new guest',
    request: (w) => r('POST', `/v1/guest/${G(w).secrets.live}/join`, { name: `Guest ${w.unique()}` }),
    expect: open(200),
  },
  {
    method: 'POST',
    route: '/v1/guest/:secret/join',
    variant: 'a revoked secret',
    request: (w) => r('POST', `/v1/guest/${G(w).secrets.revoked}/join`, { name: 'Too late' }),
    expect: open(404),
  },
  {
    method: 'POST',
    route: '/v1/guest/:secret/join',
    variant: 'a secret nobody had',
    request: (w) => r('POST', `/v1/guest/${G(w).secrets.unknown}/join`, { name: 'Nobody' }),
    expect: open(404),
  },
  // A guest's own: every account is refused (403 NOT_GUEST); a guest's calls are device-link.test.ts's.
  ...(['GET', 'POST', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/v1/guest/device-link',
    request: () => r(method, '/v1/guest/device-link'),
    expect: signedIn(403),
  })),
  // No token: the personal link's secret, in the body, is the key; each call is a new token of the same guest.
  {
    method: 'POST',
    route: '/v1/guest/resume',
    variant: 'a live personal link',
    request: (w) => r('POST', '/v1/guest/resume', { secret: G(w).deviceSecret }),
    expect: open(200),
  },
  {
    method: 'POST',
    route: '/v1/guest/resume',
    variant: 'a secret nobody had',
    request: (w) => r('POST', '/v1/guest/resume', { secret: G(w).secrets.unknown }),
    expect: open(404),
  },
];
