import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTwoTestApps, type TestApp } from '../test/app.js';
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
