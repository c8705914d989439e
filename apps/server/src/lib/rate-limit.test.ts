import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTwoTestApps, type TestApp } from '../test/app.js';
import { bearer, createUser } from '../test/users.js';
import { LocalWindows, USER_LIMIT_PER_MINUTE } from './rate-limit.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Redis-backed tests run when TEST_REDIS_URL is set (CI sets it and requires Redis).
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ a, b, close } = await createTwoTestApps(
      redisUrl!,
      { RATE_LIMITS: 'on' },
      {
        beforeStart: async (redis) => {
          const keys = await redis.keys('outing-rl:*');
          if (keys.length) await redis.del(...keys);
        },
      },
    ));
  });
  afterAll(() => close());

  it('counts the logins of one account on two instances together', async () => {
    const account = `shared${Date.now()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/v1/auth',
        payload: { username: account, password: `guess-${i}` },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('while Redis is unreachable', () => {
  let t: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    // Nothing listens on port 1: the client never becomes ready, as during an outage.
    redis = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    redis.on('error', () => {});
    redis.connect().catch(() => {});
    t = await createTestApp({ RATE_LIMITS: 'on' }, undefined, { redis });
  });
  afterAll(async () => {
    await t.close();
    redis.disconnect();
  });

  it('still limits, in this instance, and answers at once', async () => {
    const account = `outage${Date.now()}`;
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth',
        payload: { username: account, password: `guess-${i}` },
        remoteAddress: `10.2.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(Date.now() - started).toBeLessThan(10_000); // no waiting on reconnect attempts
  });
});

describe('the general limit per signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => t.close());

  it(`allows ${USER_LIMIT_PER_MINUTE} calls a minute per user, then 429 with Retry-After; others are not affected`, async () => {
    const [ann, ben] = await Promise.all([createUser(t), createUser(t)]);
    const call = (u: typeof ann, i: number) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/notifications`,
        headers: bearer(u),
        remoteAddress: `10.3.${i >> 8}.${i & 255}`, // a different address each time: the limit is per user
      });
    const statuses: number[] = [];
    for (let i = 0; i < USER_LIMIT_PER_MINUTE; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => call(ann, i + j)));
      statuses.push(...batch.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const over = await call(ann, 999);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 'error', code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(ben, 1000)).statusCode).toBe(200);
  });
});

describe('LocalWindows', () => {
  it('counts per key in one-minute windows', () => {
    const w = new LocalWindows();
    const t0 = 1_000_000;
    expect(w.hit('a', 2, t0).exceeded).toBe(false);
    expect(w.hit('a', 2, t0 + 1).exceeded).toBe(false);
    expect(w.hit('b', 2, t0 + 2).exceeded).toBe(false);
    const third = w.hit('a', 2, t0 + 3);
    expect(third).toEqual({ exceeded: true, ttlSeconds: 60 });
    expect(w.hit('a', 2, t0 + 60_000).exceeded).toBe(false); // a new window
  });
});
