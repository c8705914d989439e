import { expect } from 'vitest';
import type { TestApp } from '../test/app.js';
import { as } from '../test/rooms.js';
import { createUser } from '../test/users.js';
import type { AccountWorld, World } from './authz-world.js';
import { get, open, r, selfOnly, signedIn, type Row } from './authz-kinds.js';

/** Matrix rows of account settings and invite links (issue #21, docs/accounts.md). */

export async function buildAccountWorld(t: TestApp, tag: string): Promise<AccountWorld> {
  const inviter = await createUser(t, { username: `inviter_${tag}` });
  const code = async (method: 'GET' | 'POST') => {
    const res = await as(t, inviter)(method, `/v1/users/${inviter.id}/invite-link`);
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json<{ data: { url: string } }>().data.url).searchParams.get('invite')!;
  };
  const replaced = await code('GET');
  const live = await code('POST');
  return { invites: { live, replaced, unknown: 'Q'.repeat(16) } };
}

const A = (w: World) => w.account;

export const account: Row[] = [
  {
    method: 'POST',
    route: '/v1/auth/logout',
    variant: 'this device only',
    request: () => r('POST', '/v1/auth/logout', { everywhere: false }),
    expect: signedIn(200),
  },
  // No token: the code is the key, whatever Authorization header comes with it.
  {
    method: 'GET',
    route: '/v1/auth/invites/:code',
    variant: 'a live code',
    request: (w) => get(`/v1/auth/invites/${A(w).invites.live}`),
    expect: open(200),
  },
  {
    method: 'GET',
    route: '/v1/auth/invites/:code',
    variant: 'a replaced code',
    request: (w) => get(`/v1/auth/invites/${A(w).invites.replaced}`),
    expect: open(404),
  },
  {
    method: 'GET',
    route: '/v1/auth/invites/:code',
    variant: 'a code nobody had',
    request: (w) => get(`/v1/auth/invites/${A(w).invites.unknown}`),
    expect: open(404),
  },
  {
    method: 'GET',
    route: '/v1/users/:id',
    scope: 'self',
    request: (_w, c) => get(`/v1/users/${c.id}`),
    expect: selfOnly(200),
  },
  ...(['GET', 'POST', 'DELETE'] as const).map((method): Row => ({
    method,
    route: '/v1/users/:id/invite-link',
    scope: 'self',
    request: (_w, c) => r(method, `/v1/users/${c.id}/invite-link`),
    expect: selfOnly(200),
  })),
  {
    method: 'POST',
    route: '/v1/users/:id/confirmation-code',
    scope: 'self',
    request: (_w, c) => r('POST', `/v1/users/${c.id}/confirmation-code`),
    expect: selfOnly(200),
  },
  {
    method: 'PATCH',
    route: '/v1/users/:id/password',
    variant: 'the same password again',
    scope: 'self',
    // Every user of the world has this password; keeping it keeps the login rows working.
    request: (_w, c) =>
      r('PATCH', `/v1/users/${c.id}/password`, { currentPassword: 'secret123', newPassword: 'secret123' }),
    expect: selfOnly(200),
  },
  {
    method: 'DELETE',
    route: '/v1/users/:id',
    // An allowed deletion would take a caller of every later row with it: the matrix proves the refusals, and that
    // the caller's own id gets as far as the password check (400); features/account/delete*.test.ts the rest.
    variant: 'with a wrong password',
    scope: 'self',
    request: (_w, c) => r('DELETE', `/v1/users/${c.id}`, { password: 'not-the-password' }),
    expect: selfOnly(400),
  },
  {
    method: 'GET',
    route: '/v1/users/:id/export',
    scope: 'self',
    victim: (w) => w.users.payee,
    request: (_w, c) => get(`/v1/users/${c.id}/export`),
    expect: selfOnly(200),
  },
];
