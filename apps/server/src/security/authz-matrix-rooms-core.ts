import { randomUUID } from 'node:crypto';
import { nextWeek, roomPayload } from '../test/rooms.js';
import type { World } from './authz-world.js';
import { get, membersOnly, r, signedIn, type Method, type Row } from './authz-kinds.js';

/**
 * Matrix rows of rooms and their chat (docs/api/README.md#rooms, #chat). The rows of bills and of settling are in
 * authz-matrix-rooms-bills.ts and authz-matrix-rooms-settling.ts; authz-matrix.ts puts them together.
 */

const edit = {
  venue: 'Harbour Hall',
  placeId: 'local:harbour-hall',
  date: nextWeek(),
  time: '20:00',
  description: '',
};

export const P = (w: World) => w.rooms.priv.id;
/** The same call on a room that does not exist: 404 for every signed-in caller (docs/api/README.md#status-rules). */
export const noRoom = (method: Method, suffix = '', payload?: object) => ({
  status: 404,
  request: () => r(method, `/v1/rooms/${randomUUID()}${suffix}`, payload),
});
export const rooms: Row[] = [
  ...(['', '/count', '/past', '/public', '/invites', '/invites/count', '/venues/search'] as const).map(
    (path): Row => ({
      method: 'GET',
      route: `/v1/rooms${path}`,
      request: () => get(`/v1/rooms${path}${path === '/venues/search' ? '?query=Luigi' : ''}`),
      expect: signedIn(200),
    }),
  ),
  {
    method: 'POST',
    route: '/v1/rooms',
    request: (w) => r('POST', '/v1/rooms', roomPayload({ name: `New ${w.unique()}` })),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id',
    variant: 'the private room: whoever has its link (docs/api/README.md#rooms)',
    request: (w) => get(`/v1/rooms/${P(w)}`),
    expect: signedIn(200),
    missing: noRoom('GET'),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/attendees',
    request: (w) => get(`/v1/rooms/${P(w)}/attendees`),
    expect: membersOnly(),
    missing: noRoom('GET', '/attendees'),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/uninvited',
    request: (w) => get(`/v1/rooms/${P(w)}/uninvited`),
    expect: membersOnly(),
    missing: noRoom('GET', '/uninvited'),
  },
  {
    method: 'PATCH',
    route: '/v1/rooms/:id/edit',
    request: (w) => r('PATCH', `/v1/rooms/${P(w)}/edit`, edit),
    expect: signedIn(403, { host: 200 }),
    missing: noRoom('PATCH', '/edit', edit),
  },
  {
    method: 'PATCH',
    route: '/v1/rooms/:id/join',
    variant: 'a private room, by its link',
    request: (w) => r('PATCH', `/v1/rooms/${w.rooms.join.id}/join`),
    expect: signedIn(200, { member: 409, host: 409 }),
    missing: noRoom('PATCH', '/join'),
  },
  {
    method: 'PATCH',
    route: '/v1/rooms/:id',
    variant: 'declining the invitee’s invite',
    request: (w) => r('PATCH', `/v1/rooms/${w.rooms.answer.id}`, { accept: false }),
    expect: signedIn(404, { invitee: 200 }),
    missing: { status: 404, request: () => r('PATCH', `/v1/rooms/${randomUUID()}`, { accept: false }) },
    hidden: 'docs/api/README.md#rooms: answers the caller’s pending invite (404 if none)',
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id',
    variant: 'inviting to the private room',
    request: (w) => r('POST', `/v1/rooms/${P(w)}`, { invitees: [w.users.palOfHost.id] }),
    // docs/api/README.md#the-one-401: the one 401 of a signed-in caller.
    expect: signedIn(403, { host: 200, member: 401 }),
    missing: {
      status: 404,
      request: (w) => r('POST', `/v1/rooms/${randomUUID()}`, { invitees: [w.users.palOfHost.id] }),
    },
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id',
    variant: 'inviting to the public room',
    request: (w, c) =>
      r('POST', `/v1/rooms/${w.rooms.pub.id}`, {
        invitees: [c.who === 'member' ? w.users.palOfMember.id : w.users.palOfHost.id],
      }),
    expect: membersOnly(),
  },
  {
    method: 'PATCH',
    route: '/v1/rooms/:id/close',
    request: (w) => r('PATCH', `/v1/rooms/${w.rooms.close.id}/close`),
    expect: signedIn(403, { host: 200 }),
    missing: noRoom('PATCH', '/close'),
  },
  {
    method: 'PATCH',
    route: '/v1/rooms/:id/leave',
    request: (w) => r('PATCH', `/v1/rooms/${w.rooms.leave.id}/leave`),
    expect: signedIn(403, { member: 200, host: 409 }),
    missing: noRoom('PATCH', '/leave'),
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id/messages',
    request: (w) => r('POST', `/v1/rooms/${P(w)}/messages`, { content: 'hello' }),
    expect: membersOnly(),
    missing: noRoom('POST', '/messages', { content: 'hello' }),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/messages',
    request: (w) => get(`/v1/rooms/${P(w)}/messages`),
    expect: membersOnly(),
    missing: noRoom('GET', '/messages'),
  },
];
