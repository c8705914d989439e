import { randomUUID } from 'node:crypto';
import type { World } from './authz-world.js';
import { get, membersOnly, r, selfOnly, signedIn, type Method, type Row } from './authz-kinds.js';

/**
 * Matrix rows of issue #21 (server side): unread counts and marking read, chat read markers, unread chat and mutes,
 * exactly-once messages, and preferences per group.
 */

const P = (w: World) => w.rooms.priv.id;
const noRoom = (method: Method, suffix: string, payload?: object) => ({
  status: 404,
  request: () => r(method, `/v1/rooms/${randomUUID()}${suffix}`, payload),
});

export const notify: Row[] = [
  {
    method: 'GET',
    route: '/v1/notifications/unread-count',
    request: () => get('/v1/notifications/unread-count'),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/v1/notifications/read-all',
    // The caller's own notifications only: any room id names just a filter on them.
    variant: 'what opening the private room reads',
    request: (w) => r('POST', '/v1/notifications/read-all', { roomId: P(w) }),
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/v1/rooms/:id/messages/read',
    request: (w) => r('PUT', `/v1/rooms/${P(w)}/messages/read`, {}),
    expect: membersOnly(),
    missing: noRoom('PUT', '/messages/read', {}),
  },
  {
    method: 'GET',
    route: '/v1/rooms/unread',
    request: () => get('/v1/rooms/unread'),
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    route: '/v1/rooms/:id/mute',
    // Writes back the value every member starts with: the row may run in any order with the others.
    request: (w) => r('PATCH', `/v1/rooms/${P(w)}/mute`, { muted: false }),
    expect: membersOnly(),
    missing: noRoom('PATCH', '/mute', { muted: false }),
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id/messages',
    variant: 'with a clientId',
    request: (w) =>
      r('POST', `/v1/rooms/${P(w)}/messages`, { content: 'once', clientId: `matrix-${w.unique()}` }),
    expect: membersOnly(),
    missing: noRoom('POST', '/messages', { content: 'once', clientId: 'matrix-missing-room' }),
  },
  {
    method: 'PATCH',
    route: '/v1/users/:id/preferences',
    scope: 'self',
    variant: 'per group',
    request: (_w, c) =>
      r('PATCH', `/v1/users/${c.id}/preferences`, { notify: { friends: true }, push: { chat: true } }),
    expect: selfOnly(200),
  },
];
