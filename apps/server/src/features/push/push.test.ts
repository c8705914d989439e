import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, publicConfigResponse, subscriptionResponse } from '@outing/contract';
import { generateVapidKeys } from '../../lib/push-sender.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { browserKeys, startPushEndpoint, verifyVapid } from '../../test/push-endpoint.js';
import { createUser, type TestUser } from '../../test/users.js';

const vapid = generateVapidKeys();
let t: TestApp;
let replies: { status: number; delayMs?: number; headers?: Record<string, string> }[] = [];
let service: Awaited<ReturnType<typeof startPushEndpoint>>;

beforeAll(async () => {
  service = await startPushEndpoint(() => replies.shift() ?? { status: 201 });
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' }, undefined, {
    vapid,
    pushOptions: { backoffMs: 20, maxAttempts: 3, timeoutMs: 2000 },
  });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const call = (u: TestUser, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${u.token}` },
    ...(payload ? { payload } : {}),
  });

async function subscribed(u: TestUser) {
  const keys = browserKeys();
  const endpoint = service.endpoint();
  const res = await call(u, 'POST', '/v1/subscriptions', {
    userId: u.id,
    endpoint,
    auth: keys.auth,
    p256dh: keys.p256dh,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { keys, endpoint, sub: subscriptionResponse.parse(res.json()).data };
}

const befriendRequest = (from: TestUser, to: TestUser) =>
  call(from, 'POST', `/v1/users/${from.id}/friends/requests`, { friendId: to.id });
const subscriptionCount = async (id: number) =>
  (await t.database.pool.query('SELECT count(*)::int AS n FROM push_subscriptions WHERE id = $1', [id]))
    .rows[0].n as number;

describe('subscriptions', () => {
  it('stores the caller’s subscription, upserts by endpoint, and is found and deleted by its owner only', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const { keys, endpoint, sub } = await subscribed(ann);
    expect(sub).toMatchObject({ userId: ann.id, endpoint, auth: keys.auth, p256dh: keys.p256dh });

    const other = await call(ann, 'POST', '/v1/subscriptions', {
      userId: ben.id,
      endpoint,
      auth: keys.auth,
      p256dh: keys.p256dh,
    });
    expect(other.statusCode).toBe(403);
    const rebound = await call(ben, 'POST', '/v1/subscriptions', {
      endpoint,
      auth: keys.auth,
      p256dh: keys.p256dh,
    });
    expect(rebound.json().data).toMatchObject({ id: sub.id, userId: ben.id });

    const encoded = encodeURIComponent(endpoint);
    expect((await call(ann, 'GET', `/v1/subscriptions/endpoint/${encoded}`)).statusCode).toBe(404);
    expect((await call(ben, 'GET', `/v1/subscriptions/endpoint/${encoded}`)).json().data.id).toBe(sub.id);
    expect((await call(ann, 'DELETE', `/v1/subscriptions/${sub.id}`)).statusCode).toBe(404);
    expect((await call(ben, 'DELETE', `/v1/subscriptions/${sub.id}`)).statusCode).toBe(200);
    expect(await subscriptionCount(sub.id)).toBe(0);
  });

  it('the public push key is in /v1/config', async () => {
    const body = publicConfigResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/config' })).json(),
    );
    expect(body.data.vapidPublicKey).toBe(vapid.publicKey);
  });
});

describe('endpoint safety (production setting)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({}, undefined, { vapid });
  });
  afterAll(() => strict.close());

  it.each([
    'http://push.example.com/x',
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://192.168.0.5/x',
    'https://169.254.169.254/latest',
    'https://[::1]/x',
    'https://localhost/x',
    'ftp://push.example.com/x',
  ])('refuses %s', async (endpoint) => {
    const u = await createUser(strict);
    const keys = browserKeys();
    const res = await strict.app.inject({
      method: 'POST',
      url: '/v1/subscriptions',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { endpoint, auth: keys.auth, p256dh: keys.p256dh },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('delivery', () => {
  it('pushes a VAPID-signed, encrypted {title, message, url} that the browser can decrypt', async () => {
    const [ann, ben] = await Promise.all([createUser(t, { username: 'push_ann' }), createUser(t)]);
    const { keys, endpoint } = await subscribed(ben);
    const before = service.received.length;
    expect((await befriendRequest(ann, ben)).statusCode).toBe(200);
    await t.app.push!.drain();
    const got = service.received.slice(before);
    expect(got).toHaveLength(1);
    const req = got[0]!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req.headers.ttl)).toBeGreaterThan(0);
    const { payload, publicKey } = await verifyVapid(req.headers.authorization, new URL(endpoint).origin);
    expect(publicKey).toBe(vapid.publicKey);
    expect(payload.sub).toBe('mailto:admin@outing.local');
    expect(JSON.parse(keys.decrypt(req.body))).toEqual({
      title: 'Friend request',
      message: 'push_ann sent you a friend request.',
      url: '/friends/requests',
    });
  });

  it('a 410 from the push service removes the subscription', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const { sub } = await subscribed(ben);
    replies = [{ status: 410 }];
    await befriendRequest(ann, ben);
    await t.app.push!.drain();
    expect(await subscriptionCount(sub.id)).toBe(0);
  });

  it('a 500 then 201 is retried and delivered once; Retry-After is honoured on 429', async () => {
    const [ann, ben, cat] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const { keys } = await subscribed(ben);
    const before = service.received.length;
    replies = [{ status: 500 }, { status: 201 }];
    await befriendRequest(ann, ben);
    await t.app.push!.drain();
    const got = service.received.slice(before);
    expect(got).toHaveLength(2);
    expect(JSON.parse(keys.decrypt(got[1]!.body)).title).toBe('Friend request');

    const catSub = await subscribed(cat);
    replies = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 201 }];
    const started = Date.now();
    const mark = service.received.length;
    await befriendRequest(ann, cat);
    await t.app.push!.drain();
    expect(service.received.length - mark).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // waited as told, not the 20 ms backoff
    expect(await subscriptionCount(catSub.sub.id)).toBe(1);
  });

  it('a slow push service never slows the request that caused the notification', async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    await subscribed(ben);
    replies = [{ status: 201, delayMs: 1500 }];
    const started = Date.now();
    const res = await befriendRequest(ann, ben);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    await t.app.push!.drain();
  });
});

// Regression (contract fuzzer, issue #10): a NUL in the endpoint reached PostgreSQL (500); it names nothing.
describe('an endpoint holding a NUL (fuzzer regression)', () => {
  it('is a 404 envelope', async () => {
    const me = await createUser(t);
    const res = await call(
      me,
      'GET',
      `/v1/subscriptions/endpoint/${encodeURIComponent('https://x.test/\u0000')}`,
    );
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });
});
