import { randomUUID } from 'node:crypto';
import { NO_ID, get, membersOnly, r, selfOnly, signedIn, type Row } from './authz-kinds.js';
import { P } from './authz-matrix-rooms-core.js';

/**
 * Matrix rows of transactions and settling, and the money views of a room: balances, rounds, summary, statistics,
 * export and consolidation (docs/api/README.md#bills, #settling).
 */

export const settling: Row[] = [
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
    route: '/v1/rooms/:id/stats',
    request: (w) => get(`/v1/rooms/${P(w)}/stats`),
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
