import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../db/pool.js';
import { createTestApp, createTwoTestApps, type TestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { as, roomPayload } from '../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../test/users.js';

/** The session cache (decision 004) with two instances on one database and one Redis. */

const LONG = 10 * 60_000;

const redisUrl = process.env.TEST_REDIS_URL;

// Two instances on one database and one Redis, as behind a load balancer.
describe.skipIf(!redisUrl)('the session cache across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await createTwoTestApps(redisUrl!, {}, { sessionCacheMs: LONG }));
  });
  afterAll(() => close());

  /** Repeats `fn` until it returns true, for up to 5 s (the bus normally takes milliseconds). */
  async function eventually(fn: () => Promise<boolean>) {
    const deadline = Date.now() + 5000;
    while (!(await fn())) {
      if (Date.now() > deadline) throw new Error('not within 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a logout on A ends the session on B, where the row was cached', async () => {
    const u: TestUser = await createUser(a);
    expect((await as(b, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(b.app.sessions.get(u.id)).toBeDefined();
    expect((await as(a, u)('POST', '/v1/auth/logout')).statusCode).toBe(200);
    await eventually(async () => (await as(b, u)('GET', '/v1/rooms')).statusCode === 401);
  });

  it('a rename on A reaches B, where the row was cached', async () => {
    const [host, guest] = [await createUser(a), await createUser(a)];
    await makeFriends(a, host, guest);
    expect((await as(b, host)('GET', '/v1/rooms')).statusCode).toBe(200);
    const renamed = `${host.username}_b`;
    expect(
      (await as(a, host)('PATCH', `/v1/users/${host.id}`, { field: 'username', value: renamed })).statusCode,
    ).toBe(200);
    await eventually(async () => b.app.sessions.get(host.id) === undefined);
    expect((await as(b, host)('POST', '/v1/rooms', roomPayload({}, [guest.id]))).statusCode).toBe(200);
    const notes = (await as(b, guest)('GET', '/v1/notifications')).json().data as { content: string }[];
    expect(notes.map((n) => n.content)).toContainEqual(
      expect.stringMatching(new RegExp(`^${renamed} invited you`)),
    );
  });
});

// Two instances with their own pools and named Redis connections, with the default lifetime (60 s): the test cuts
// A's subscription (`CLIENT KILL`), as a Redis restart or a network cut would.
describe.skipIf(!redisUrl)('the session cache while the bus is down', () => {
  let database: TestDatabase;
  let second: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const redis: Redis[] = [];
  const name = `sessions_${process.pid}`;

  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    database = await createTestDatabase();
    const pool = createPool(database.url, 4);
    second = { ...database, pool, db: createDb(pool), drop: () => pool.end() };
    for (const n of ['a', 'b']) redis.push(new Redis(redisUrl!, { connectionName: `${name}_${n}` }));
    a = await createTestApp({}, undefined, { database, redis: redis[0] });
    b = await createTestApp({}, undefined, { database: second, redis: redis[1] });
    await until(() => a.app.sessions.canServe() && b.app.sessions.canServe());
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const r of redis) await r.quit().catch(() => r.disconnect());
    await second?.drop();
    await database?.drop();
  });

  async function until(ok: () => boolean, ms = 5000) {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Redis drops A's subscription; ioredis connects and subscribes again on its own. */
  async function cutA() {
    const killer = redis[1]!.duplicate({ connectionName: `${name}_killer` });
    const list = String(await killer.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const id = new RegExp(`id=(\\d+) .*name=${name}_a `).exec(list)?.[1];
    expect(id).toBeDefined();
    await killer.call('CLIENT', 'KILL', 'ID', id!);
    await killer.quit();
    // Polled through the answer cache, which asks the same bus: the session cache is left untouched meanwhile.
    await until(() => !a.app.answers.canServe(), 2000);
  }

  it('keeps a row past the old 1 s, and a logout on B is refused on A as soon as the bus has delivered it', async () => {
    const u = await createUser(a);
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(a.app.sessions.get(u.id)).toBeDefined();
    expect((await as(b, u)('POST', '/v1/auth/logout')).statusCode).toBe(200);
    // Every message B published before this point has reached A.
    expect(await a.app.answers.settle()).toBe(true);
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(401);
  });

  it('reads the database on every request while its subscription is down, and stores nothing', async () => {
    const [u, v] = [await createUser(a), await createUser(a)];
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(a.app.sessions.get(u.id)).toBeDefined();
    await cutA();
    // A change A cannot hear of (its bus is down, and nothing is published): refused at once all the same.
    await database.pool.query(
      `UPDATE users SET tokens_valid_after = now() + interval '1 second' WHERE id = $1`,
      [u.id],
    );
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(401);
    expect((await as(a, v)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(a.app.sessions.size).toBe(0);
    await until(() => a.app.sessions.canServe());
    expect((await as(a, v)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(a.app.sessions.get(v.id)).toBeDefined();
  });

  it('a logout on B while only B has lost Redis reaches A once B is connected again', async () => {
    const u = await createUser(a);
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    // B's own connection (what it publishes on) is cut; A stays subscribed and cannot tell.
    redis[1]!.disconnect();
    await until(() => redis[1]!.status === 'end');
    expect((await as(b, u)('POST', '/v1/auth/logout')).statusCode).toBe(200);
    expect(a.app.sessions.canServe()).toBe(true);
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(200); // A has not heard of it: the known gap
    await redis[1]!.connect();
    const deadline = Date.now() + 5000;
    while ((await as(a, u)('GET', '/v1/rooms')).statusCode !== 401) {
      if (Date.now() > deadline) throw new Error('A still accepts the token 5 s after B is back');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('starts empty when its subscription is back (forgets may have been lost meanwhile)', async () => {
    const u = await createUser(a);
    expect((await as(a, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(a.app.sessions.size).toBeGreaterThan(0);
    await cutA();
    // No request while it is down: only the resubscription can have emptied it.
    await until(() => a.app.answers.canServe());
    expect(a.app.sessions.size).toBe(0);
  });
});
