import { randomUUID } from 'node:crypto';
import { NO_ID, get, membersOnly, r, signedIn, type Row } from './authz-kinds.js';
import { P, noRoom } from './authz-matrix-rooms-core.js';

/** Matrix rows of bills and their activity (docs/api/README.md#bills). */

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
];
