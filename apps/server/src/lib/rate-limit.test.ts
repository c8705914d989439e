import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Redis-backed tests run when TEST_REDIS_URL is set (CI sets it and requires Redis).
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let database: TestDatabase;
  let redis: Redis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = new Redis(redisUrl!);
    const keys = await redis.keys('outing-rl:*');
    if (keys.length) await redis.del(...keys);
    a = await createTestApp({ RATE_LIMITS: 'on' }, undefined, { redis, database });
    b = await createTestApp({ RATE_LIMITS: 'on' }, undefined, { redis, database });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.quit();
    await database.drop();
  });

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
