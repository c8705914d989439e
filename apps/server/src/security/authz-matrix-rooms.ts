import { randomUUID } from 'node:crypto';
import { nextWeek, roomPayload } from '../test/rooms.js';
import type { World } from './authz-world.js';
import { NO_ID, get, membersOnly, r, selfOnly, signedIn, type Method, type Row } from './authz-kinds.js';

/** Matrix rows of rooms, chat, bills and transactions (docs/api/README.md#rooms, #chat, #bills, #settling). */

const edit = {
  venue: 'Harbour Hall',
  placeId: 'local:harbour-hall',
  date: nextWeek(),
  time: '20:00',
  description: '',
};

const P = (w: World) => w.rooms.priv.id;
/** The same call on a room that does not exist: 404 for every signed-in caller (docs/api/README.md#status-rules). */
const noRoom = (method: Method, suffix = '', payload?: object) => ({
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

export const bills: Row[] = [
  {
    method: 'POST',
    route: '/v1/bills',
    request: (w, c) =>
      r('POST', '/v1/bills', {
        name: 'Taxi',
        amount: 9.5,
        includeOwner: true,
        roomId: P(w),
        payers: [c.who === 'host' ? w.users.member.id : w.users.host.id],
      }),
    expect: membersOnly(),
  },
  {
    method: 'GET',
    route: '/v1/bills',
    request: (w) => get(`/v1/bills?roomId=${P(w)}`),
    expect: membersOnly(),
    missing: { status: 404, request: () => get(`/v1/bills?roomId=${randomUUID()}`) },
  },
  {
    method: 'DELETE',
    route: '/v1/bills/:id',
    variant: 'the host’s bill',
    request: (w) => r('DELETE', `/v1/bills/${w.bills.ofHost}`),
    // A bill that exists but is not yours: 403, for outsiders too (docs/security.md, "Existing but not yours").
    expect: signedIn(403, { host: 200 }),
    missing: { status: 404, request: () => r('DELETE', `/v1/bills/${NO_ID}`) },
  },
  {
    method: 'DELETE',
    route: '/v1/bills/:id',
    variant: 'a member’s bill (its owner, or the host on another one)',
    request: (w, c) => r('DELETE', `/v1/bills/${c.who === 'host' ? w.bills.ofMember2 : w.bills.ofMember}`),
    expect: signedIn(403, { member: 200, host: 200 }),
    missing: { status: 404, request: () => r('DELETE', `/v1/bills/${NO_ID}`) },
  },
  {
    method: 'PATCH',
    route: '/v1/bills/:id',
    request: (w) => r('PATCH', `/v1/bills/${w.bills.toEdit}`, { name: 'Host bill, edited' }),
    // Its creator, its payer or the host (all the host here); the member shares it but may not edit it.
    expect: signedIn(403, { host: 200 }),
    missing: { status: 404, request: () => r('PATCH', `/v1/bills/${NO_ID}`, { name: 'x' }) },
  },
  {
    method: 'POST',
    route: '/v1/bills/:id/restore',
    variant: 'a bill that is not deleted',
    request: (w) => r('POST', `/v1/bills/${w.bills.toEdit}/restore`),
    // Its creator, its payer or the host may restore it (409: it is not deleted); the member shares it only.
    expect: signedIn(403, { host: 409 }),
    missing: { status: 404, request: () => r('POST', `/v1/bills/${NO_ID}/restore`) },
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/activity',
    request: (w) => get(`/v1/rooms/${P(w)}/activity`),
    expect: membersOnly(),
    missing: noRoom('GET', '/activity'),
  },
  {
    method: 'GET',
    route: '/v1/bills/:id/activity',
    request: (w) => get(`/v1/bills/${w.bills.toEdit}/activity`),
    expect: membersOnly(),
    missing: { status: 404, request: () => get(`/v1/bills/${NO_ID}/activity`) },
  },
  {
    method: 'POST',
    route: '/v1/transactions',
    request: (w) =>
      r('POST', '/v1/transactions', {
        roomId: w.ledgerRoom,
        payerId: w.users.payer.id,
        payeeId: w.users.payee.id,
        amount: 0.01,
      }),
    // Its payer (paid) or its payee (confirmed at once); the host is in the room but neither side.
    expect: signedIn(403, { payer: 200, payee: 200 }),
    missing: {
      status: 404,
      request: (w, c) =>
        r('POST', '/v1/transactions', {
          roomId: randomUUID(),
          payerId: c.me.id,
          payeeId: c.me.id === w.users.host.id ? w.users.member.id : w.users.host.id,
          amount: 0.01,
        }),
    },
  },
  {
    method: 'POST',
    route: '/v1/users/:id/settle',
    scope: 'self',
    request: (w, c) =>
      r('POST', `/v1/users/${c.id}/settle`, { userId: w.users.payee.id, currency: 'USD', amount: 0.01 }),
    // Only the payer owes the payee; anyone else owes them nothing (400), the payee cannot settle with themself.
    expect: selfOnly(400, { payer: 200 }),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/balances',
    request: (w) => get(`/v1/rooms/${P(w)}/balances`),
    expect: membersOnly(),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/rounds',
    request: (w) => get(`/v1/rooms/${P(w)}/rounds`),
    expect: membersOnly(),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/bills/summary',
    request: (w) => get(`/v1/rooms/${P(w)}/bills/summary`),
    expect: membersOnly(),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/export.csv',
    request: (w) => get(`/v1/rooms/${P(w)}/export.csv`),
    expect: membersOnly(),
  },
  {
    method: 'POST',
    route: '/v1/bills/consolidate',
    request: (w) => r('POST', '/v1/bills/consolidate', { roomId: w.rooms.consolidate.id }),
    expect: signedIn(403, { host: 200 }),
    missing: { status: 404, request: () => r('POST', '/v1/bills/consolidate', { roomId: randomUUID() }) },
  },
  {
    method: 'GET',
    route: '/v1/bills/consolidate/:roomId',
    request: (w) => get(`/v1/bills/consolidate/${P(w)}`),
    expect: membersOnly(),
    missing: { status: 404, request: () => get(`/v1/bills/consolidate/${randomUUID()}`) },
  },
  { method: 'GET', route: '/v1/transactions', request: () => get('/v1/transactions'), expect: signedIn(200) },
  { method: 'GET', route: '/v1/balances', request: () => get('/v1/balances'), expect: signedIn(200) },
  {
    method: 'GET',
    route: '/v1/transactions/:id',
    request: (w) => get(`/v1/transactions/${w.transactions.remind}`),
    expect: signedIn(403, { payer: 200, payee: 200 }),
    missing: { status: 404, request: () => get(`/v1/transactions/${NO_ID}`) },
  },
  {
    method: 'PATCH',
    route: '/v1/transactions/:id/confirm',
    request: (w) => r('PATCH', `/v1/transactions/${w.transactions.confirm}/confirm`),
    expect: signedIn(403, { payee: 200 }),
    missing: { status: 404, request: () => r('PATCH', `/v1/transactions/${NO_ID}/confirm`) },
  },
  {
    method: 'PATCH',
    route: '/v1/transactions/:id/dispute',
    request: (w) => r('PATCH', `/v1/transactions/${w.transactions.dispute}/dispute`),
    expect: signedIn(403, { payee: 200 }),
    missing: { status: 404, request: () => r('PATCH', `/v1/transactions/${NO_ID}/dispute`) },
  },
  {
    method: 'PATCH',
    route: '/v1/transactions/:id/undo',
    request: (w) => r('PATCH', `/v1/transactions/${w.transactions.undo}/undo`),
    expect: signedIn(403, { payer: 200 }),
    missing: { status: 404, request: () => r('PATCH', `/v1/transactions/${NO_ID}/undo`) },
  },
  {
    method: 'PATCH',
    route: '/v1/transactions/:id/settle',
    request: (w) => r('PATCH', `/v1/transactions/${w.transactions.settle}/settle`),
    // docs/api/README.md#settling: only the payer (403); unknown 404.
    expect: signedIn(403, { payer: 200 }),
    missing: { status: 404, request: () => r('PATCH', `/v1/transactions/${NO_ID}/settle`) },
  },
  {
    method: 'GET',
    route: '/v1/transactions/:id/payment-options',
    variant: 'unpaid; the payee has handles',
    request: (w) => get(`/v1/transactions/${w.transactions.pay}/payment-options`),
    // The payee's handles are personal data: the payer of the unpaid transaction only (docs/api/README.md#payments).
    expect: signedIn(403, { payer: 200 }),
    missing: { status: 404, request: () => get(`/v1/transactions/${NO_ID}/payment-options`) },
  },
];
