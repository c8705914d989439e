import { randomUUID } from 'node:crypto';
import type { World } from './authz-world.js';
import { get, membersAndInvitees, r, signedIn, type Method, type Row } from './authz-kinds.js';

/** Matrix rows of planning an outing (docs/api/README.md#plans, issue #20): RSVP, guests, nudges. */

const P = (w: World) => w.rooms.priv.id;
const noRoom = (method: Method, suffix: string, payload?: object) => ({
  status: 404,
  request: () => r(method, `/v1/rooms/${randomUUID()}${suffix}`, payload),
});

export const plans: Row[] = [
  {
    method: 'PATCH',
    route: '/v1/rooms/:id/rsvp',
    variant: 'going, in a private room: members answer, the pending invitee joins',
    request: (w) => r('PATCH', `/v1/rooms/${w.rooms.rsvp.id}/rsvp`, { status: 'going' }),
    expect: signedIn(403, { host: 200, member: 200, invitee: 200 }),
    missing: noRoom('PATCH', '/rsvp', { status: 'going' }),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/guests',
    request: (w) => get(`/v1/rooms/${P(w)}/guests`),
    expect: membersAndInvitees(),
    missing: noRoom('GET', '/guests'),
  },
  {
    method: 'POST',
    route: '/v1/rooms/:id/nudge',
    variant: 'the private room’s pending invitee',
    request: (w) => r('POST', `/v1/rooms/${P(w)}/nudge`, {}),
    expect: signedIn(403, { host: 200 }),
    missing: noRoom('POST', '/nudge', {}),
  },
];
