import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../db/pool.js';
import { createTestApp, createTwoTestApps, type TestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { as, roomPayload } from '../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../test/users.js';
import { SessionCache } from './auth.js';

const row = (id: number, isEmailValid = true) => ({
  id,
  username: `u${id}`,
  email: `u${id}@example.com`,
  pictureUrl: '',
  tokensValidAfter: new Date(0),
  isEmailValid,
  revokedJtis: [],
});

describe('SessionCache', () => {
  it('reuses a row for its time to live from the moment it was read, then reads again', async () => {
    let now = 1_000;
    const cache = new SessionCache(1000, 10, () => now);
    let reads = 0;
    const read = async () => (reads++, row(1));
    await cache.load(1, read);
    now += 999;
    await cache.load(1, read);
    expect(reads).toBe(1);
    now += 1;
    await cache.load(1, read);
    expect(reads).toBe(2);
  });

  it('keeps only rows that let the caller in', async () => {
    const cache = new SessionCache(1000);
    await cache.load(1, async () => row(1, false));
    await cache.load(2, async () => undefined);
    expect(cache.size).toBe(0);
  });

  it('does not store a row read before a forget that happened while the read was under way', async () => {
    const cache = new SessionCache(60_000);
    let release!: () => void;
    const stale = cache.load(
      1,
      () => new Promise<ReturnType<typeof row>>((resolve) => (release = () => resolve(row(1)))),
    );
    cache.forget(1); // e.g. a logout committed while the read was in flight
    release();
    await stale;
    expect(cache.get(1)).toBeUndefined();
  });

  it('keeps a row for 60 s by default, and up to 50,000 rows', async () => {
    let now = 1_000;
    const cache = new SessionCache(undefined, undefined, () => now);
    expect([cache.ttlMs, cache.maxSize]).toEqual([60_000, 50_000]);
    let reads = 0;
    const read = async () => (reads++, row(1));
    await cache.load(1, read);
    now += 59_999;
    await cache.load(1, read);
    expect(reads).toBe(1);
    now += 1;
    await cache.load(1, read);
    expect(reads).toBe(2);
  });

  it('while it may not serve (bus down): empties itself, reads every time and stores nothing', async () => {
    const cache = new SessionCache(60_000);
    let serving = true;
    cache.canServe = () => serving;
    let reads = 0;
    const read = async () => (reads++, row(1));
    await cache.load(1, read);
    expect(cache.size).toBe(1);
    serving = false;
    for (let i = 0; i < 3; i++) expect((await cache.load(1, read))?.id).toBe(1);
    expect(reads).toBe(4);
    expect(cache.size).toBe(0);
    expect(cache.get(1)).toBeUndefined();
    serving = true;
    await cache.load(1, read);
    await cache.load(1, read);
    expect(reads).toBe(5);
  });

  it('does not store a row whose read was under way when the bus dropped, or when the cache was cleared', async () => {
    const cache = new SessionCache(60_000);
    let serving = true;
    cache.canServe = () => serving;
    const pending = () => {
      let release!: () => void;
      const read = () => new Promise<ReturnType<typeof row>>((resolve) => (release = () => resolve(row(1))));
      return { load: cache.load(1, read), release: () => release() };
    };
    const dropped = pending();
    serving = false; // the subscription dropped while the row was being read
    dropped.release();
    await dropped.load;
    serving = true;
    expect(cache.size).toBe(0);
    const cleared = pending();
    cache.clear(); // the subscription is back: forgets may have been lost in between
    cleared.release();
    await cleared.load;
    expect(cache.size).toBe(0);
  });

  it('drops expired rows from the front as new ones are stored', async () => {
    let now = 0;
    const cache = new SessionCache(1000, 100, () => now);
    for (const id of [1, 2, 3]) await cache.load(id, async () => row(id));
    now += 1000;
    await cache.load(4, async () => row(4));
    expect(cache.size).toBe(1);
  });

  it('holds at most maxSize rows, dropping the oldest', async () => {
    const cache = new SessionCache(60_000, 2);
    for (const id of [1, 2, 3]) await cache.load(id, async () => row(id));
    expect([cache.get(1), cache.get(2)?.id, cache.get(3)?.id]).toEqual([undefined, 2, 3]);
  });
});

// A time to live far longer than any test: what is refused or renamed here is so because the row was forgotten.
const LONG = 10 * 60_000;

describe('the session cache in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { sessionCacheMs: LONG });
  });
  afterAll(() => t.close());

  it('refuses a token at once after its user logged out, though the row was cached', async () => {
    const u = await createUser(t);
    expect((await as(t, u)('GET', '/v1/rooms')).statusCode).toBe(200);
    expect(t.app.sessions.get(u.id)).toBeDefined();
    expect((await as(t, u)('POST', '/v1/auth/logout')).statusCode).toBe(200);
    const after = await as(t, u)('GET', '/v1/rooms');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('uses the new username at once after a rename', async () => {
    const [host, guest] = [await createUser(t), await createUser(t)];
    await makeFriends(t, host, guest);
    expect((await as(t, host)('GET', '/v1/rooms')).statusCode).toBe(200); // cached under the old name
    const renamed = `${host.username}_new`;
    const res = await as(t, host)('PATCH', `/v1/users/${host.id}`, { field: 'username', value: renamed });
    expect(res.statusCode, res.body).toBe(200);
    const created = await as(t, host)('POST', '/v1/rooms', roomPayload({}, [guest.id]));
    expect(created.statusCode, created.body).toBe(200);
    const notes = (await as(t, guest)('GET', '/v1/notifications')).json().data as { content: string }[];
    expect(notes.map((n) => n.content)).toContainEqual(
      expect.stringMatching(new RegExp(`^${renamed} invited you`)),
    );
  });
});

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
