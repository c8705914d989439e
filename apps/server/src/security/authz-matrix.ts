import { NO_ID, get, open, r, selfOnly, signedIn, type Row } from './authz-kinds.js';
import { plans } from './authz-matrix-plans.js';
import { rooms } from './authz-matrix-rooms-core.js';
import { bills } from './authz-matrix-rooms-bills.js';
import { settling } from './authz-matrix-rooms-settling.js';
import { calendar, polls } from './authz-matrix-calendar.js';
import { reminders } from './authz-matrix-reminders.js';
import { pictures } from './authz-matrix-pictures.js';
import { notify } from './authz-matrix-notify.js';
import { account } from './authz-matrix-account.js';
import { guests } from './authz-matrix-guests.js';
import { claim } from './authz-matrix-claim.js';

export * from './authz-kinds.js';

/**
 * The authorisation matrix (issue #10): every route of the app × every kind of caller → the status the contract
 * (docs/api/README.md: its status rules and each area's rules) requires. The test runs every cell; every non-2xx cell must leave the
 * database unchanged and answer an error envelope that names nothing private.
 */

const system: Row[] = [
  { method: 'GET', route: '/v1/health', request: () => get('/v1/health'), expect: open(200) },
  { method: 'GET', route: '/v1/config', request: () => get('/v1/config'), expect: open(200) },
  { method: 'GET', route: '/v1/docs', request: () => get('/v1/docs'), expect: open(200) },
  { method: 'GET', route: '/v1/docs/json', request: () => get('/v1/docs/json'), expect: open(200) },
  { method: 'GET', route: '/v1/docs/yaml', request: () => get('/v1/docs/yaml'), expect: open(200) },
  {
    method: 'GET',
    route: '/v1/docs/static/*',
    request: () => get('/v1/docs/static/swagger-ui.css'),
    expect: open(200),
  },
  {
    method: 'GET',
    route: '/v1/docs/static/index.html',
    variant: 'a redirect to /v1/docs/',
    request: () => get('/v1/docs/static/index.html'),
    expect: open(302),
  },
  {
    method: 'GET',
    route: '/v1/docs/static/swagger-initializer.js',
    request: () => get('/v1/docs/static/swagger-initializer.js'),
    expect: open(200),
  },
  {
    method: 'OPTIONS',
    route: '/*',
    variant: 'CORS preflight',
    request: (w) => ({
      method: 'OPTIONS',
      url: '/v1/rooms',
      headers: { origin: w.t.app.deps.config.corsOrigins[0]!, 'access-control-request-method': 'DELETE' },
    }),
    expect: open(204),
  },
];

const auth: Row[] = [
  {
    method: 'POST',
    route: '/v1/auth',
    request: (w) => r('POST', '/v1/auth', { username: w.users.stranger.email, password: 'secret123' }),
    expect: open(200),
  },
  {
    method: 'POST',
    route: '/v1/auth/google',
    variant: 'not configured',
    request: () => r('POST', '/v1/auth/google', { code: 'some-code' }),
    expect: open(404),
  },
  {
    method: 'POST',
    route: '/v1/auth/signup',
    request: (w) => {
      const u = `su_${w.unique()}`;
      return r('POST', '/v1/auth/signup', { username: u, email: `${u}@example.com`, password: 'secret123' });
    },
    expect: open(200),
  },
  {
    method: 'POST',
    route: '/v1/auth/otp',
    request: (w) =>
      r('POST', '/v1/auth/otp', { email: `no_${w.unique()}@example.com`, purpose: 'reset-password' }),
    expect: open(200),
  },
  {
    method: 'POST',
    route: '/v1/auth/verify',
    request: (w) => r('POST', '/v1/auth/verify', { email: `no_${w.unique()}@example.com`, otp: '123456' }),
    expect: open(404),
  },
  {
    method: 'PATCH',
    route: '/v1/auth/reset',
    variant: 'without a valid reset token',
    request: (w) =>
      r('PATCH', '/v1/auth/reset', {
        email: w.users.stranger.email,
        password: 'hijacked1',
        resetToken: 'guess',
      }),
    expect: open(400),
  },
  {
    method: 'POST',
    route: '/v1/auth/logout',
    request: () => r('POST', '/v1/auth/logout'),
    expect: signedIn(200),
  },
];

const users: Row[] = [
  {
    method: 'PATCH',
    route: '/v1/users/:id',
    scope: 'self',
    request: (w, c) => r('PATCH', `/v1/users/${c.id}`, { field: 'username', value: `nu_${w.unique()}` }),
    expect: selfOnly(200),
  },
  ...(
    ['friends', 'friends/count', 'friends/search', 'friends/requests', 'friends/requests/count'] as const
  ).map((path): Row => ({
    method: 'GET',
    route: `/v1/users/:id/${path}`,
    scope: 'self',
    request: (_w, c) => get(`/v1/users/${c.id}/${path}${path === 'friends/search' ? '?query=e' : ''}`),
    expect: selfOnly(200),
  })),
  {
    method: 'POST',
    route: '/v1/users/:id/friends/requests',
    scope: 'self',
    request: (w, c) => r('POST', `/v1/users/${c.id}/friends/requests`, { friendId: w.users.target.id }),
    expect: selfOnly(200),
  },
  {
    method: 'PATCH',
    route: '/v1/users/:id/friends/requests',
    variant: 'the member’s pending request from the stranger',
    scope: 'self',
    request: (w, c) =>
      r('PATCH', `/v1/users/${c.id}/friends/requests`, { requestId: w.friendRequest, action: 'accept' }),
    // Only the receiver answers; the sender cannot accept their own request.
    expect: selfOnly(404, { member: 200 }),
    hidden: 'docs/api/README.md#users-and-friends: only the receiver (404 otherwise)',
    missing: {
      status: 404,
      request: (_w, c) =>
        r('PATCH', `/v1/users/${c.id}/friends/requests`, { requestId: NO_ID, action: 'accept' }),
    },
  },
  {
    method: 'GET',
    route: '/v1/users/:id/payment-methods',
    variant: 'the payee’s handles',
    scope: 'self',
    victim: (w) => w.users.payee,
    request: (_w, c) => get(`/v1/users/${c.id}/payment-methods`),
    expect: selfOnly(200),
  },
  {
    method: 'PUT',
    route: '/v1/users/:id/payment-methods',
    scope: 'self',
    victim: (w) => w.users.payee,
    // The payee writes back its own list, so that the payment-options row sees the same handles.
    request: (w, c) =>
      r(
        'PUT',
        `/v1/users/${c.id}/payment-methods`,
        c.who === 'payee' ? w.payeeMethods : [{ kind: 'revolut', value: `m${w.unique()}` }],
      ),
    expect: selfOnly(200),
  },
  {
    // Before the DELETE row below, which ends these friendships.
    method: 'GET',
    route: '/v1/users/:id/friends/:friendId',
    variant: 'the buddy, everyone’s friend',
    scope: 'self',
    request: (w, c) => get(`/v1/users/${c.id}/friends/${w.users.buddy.id}`),
    expect: selfOnly(200),
  },
  {
    method: 'DELETE',
    route: '/v1/users/:id/friends/:friendId',
    scope: 'self',
    request: (w, c) => r('DELETE', `/v1/users/${c.id}/friends/${w.users.buddy.id}`),
    expect: selfOnly(200),
  },
];

const notifications: Row[] = [
  {
    method: 'GET',
    route: '/v1/notifications',
    request: () => get('/v1/notifications'),
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    route: '/v1/users/:id/notifications/:notificationId',
    variant: 'the payer’s notification',
    scope: 'self',
    victim: (w) => w.users.payer,
    request: (w, c) => r('PATCH', `/v1/users/${c.id}/notifications/${w.notification}`),
    expect: selfOnly(404, { payer: 200 }),
    hidden: 'docs/api/README.md#notifications: 404 if not the caller’s',
    missing: { status: 404, request: (_w, c) => r('PATCH', `/v1/users/${c.id}/notifications/${NO_ID}`) },
  },
  {
    method: 'POST',
    route: '/v1/notifications',
    variant: 'a reminder to the payer',
    request: (w) =>
      r('POST', '/v1/notifications', { userId: w.users.payer.id, title: 'Pay up', content: 'You owe me.' }),
    expect: signedIn(403, { payee: 200 }),
    missing: {
      status: 403,
      request: () =>
        r('POST', '/v1/notifications', { userId: NO_ID, title: 'Pay up', content: 'You owe me.' }),
    },
  },
];

const push: Row[] = [
  {
    method: 'POST',
    route: '/v1/subscriptions',
    scope: 'self',
    request: (w, c) =>
      r('POST', '/v1/subscriptions', {
        userId: c.id,
        endpoint: `https://push.example.test/matrix/${w.unique()}`,
        ...w.pushKeys,
      }),
    expect: selfOnly(200),
  },
  {
    method: 'GET',
    route: '/v1/subscriptions/endpoint/:endpoint',
    variant: 'the member’s endpoint',
    request: (w) => get(`/v1/subscriptions/endpoint/${encodeURIComponent(w.subscriptions.find.endpoint)}`),
    expect: signedIn(404, { member: 200 }),
    hidden: 'docs/api/README.md#push: the caller’s subscription with that endpoint, else 404',
    missing: {
      status: 404,
      request: () =>
        get(`/v1/subscriptions/endpoint/${encodeURIComponent('https://push.example.test/none')}`),
    },
  },
  {
    method: 'DELETE',
    route: '/v1/subscriptions/:id',
    variant: 'the member’s subscription',
    request: (w) => r('DELETE', `/v1/subscriptions/${w.subscriptions.remove.id}`),
    expect: signedIn(404, { member: 200 }),
    hidden: 'docs/api/README.md#push: the caller’s own only (404 otherwise)',
    missing: { status: 404, request: () => r('DELETE', `/v1/subscriptions/${NO_ID}`) },
  },
];

export const matrix: readonly Row[] = [
  ...system,
  ...auth,
  ...users,
  ...notifications,
  ...rooms,
  ...plans,
  ...bills,
  ...settling,
  ...push,
  ...calendar,
  ...polls,
  ...reminders,
  ...pictures,
  ...notify,
  ...account,
  ...guests,
  ...claim,
];

/**
 * Registered routes the matrix deliberately has no HTTP row for, with the reason. HEAD routes are not listed:
 * Fastify adds one beside every GET with the same handler and hooks, and the test checks exactly that.
 */
export const excluded: Record<string, string> = {
  'GET /v1/ws':
    'the socket upgrade: it authenticates before the upgrade completes and refuses after it with close code 4401, which an HTTP ' +
    'status cannot express (covered by the socket tests)',
};
