import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { as, roomPayload } from '../test/rooms.js';
import { createUser, makeFriends } from '../test/users.js';
import { SessionCache } from './auth.js';

const row = (id: number, isEmailValid = true) => ({
  id,
  username: `u${id}`,
  email: `u${id}@example.com`,
  pictureUrl: '',
  tokensValidAfter: new Date(0),
  isEmailValid,
  guestRoomId: null,
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
