import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { as, createRoom } from '../test/rooms.js';
import { createUser, type TestUser } from '../test/users.js';
import { AnswerCache } from './answer-cache.js';

describe('AnswerCache', () => {
  const body = (s: string) => Buffer.from(s);

  it('serves an answer to the user it was stored for only, until it expires', () => {
    let now = 1000;
    const cache = new AnswerCache(1000, 1 << 20, 1 << 16, () => now);
    cache.set('1 /v1/rooms', 1, body('one'), 'application/json', cache.generation);
    expect(cache.get('1 /v1/rooms', 1)?.body.toString()).toBe('one');
    // A key that names another user than the caller (a mistake in a key) is never served.
    expect(cache.get('1 /v1/rooms', 2)).toBeUndefined();
    cache.set('1 /v1/rooms', 1, body('one'), 'application/json', cache.generation);
    now += 999;
    expect(cache.get('1 /v1/rooms', 1)).toBeDefined();
    now += 1;
    expect(cache.get('1 /v1/rooms', 1)).toBeUndefined();
  });

  it('does not store what was read before a write, and empties itself on every write', () => {
    const cache = new AnswerCache();
    const started = cache.generation;
    cache.invalidate(false); // a write was sent while the read ran
    cache.set('1 /v1/rooms', 1, body('old'), 'application/json', started);
    expect(cache.size).toBe(0);
    cache.set('1 /v1/rooms', 1, body('new'), 'application/json', cache.generation);
    expect(cache.size).toBe(1);
    cache.flush(); // another instance wrote
    expect(cache.get('1 /v1/rooms', 1)).toBeUndefined();
  });

  it('neither serves nor stores while the bus cannot promise delivery', () => {
    const cache = new AnswerCache();
    cache.set('1 /v1/rooms', 1, body('x'), 'application/json', cache.generation);
    cache.canServe = () => false;
    expect(cache.get('1 /v1/rooms', 1)).toBeUndefined();
    cache.set('2 /v1/rooms', 2, body('y'), 'application/json', cache.generation);
    cache.canServe = () => true;
    expect(cache.get('2 /v1/rooms', 2)).toBeUndefined();
  });

  it('keeps within its byte budget, dropping the oldest answers first, and skips answers too large to keep', () => {
    const cache = new AnswerCache(1000, 10, 6);
    cache.set('a', 1, body('12345'), 'j', cache.generation);
    cache.set('b', 1, body('12345'), 'j', cache.generation);
    cache.set('c', 1, body('123'), 'j', cache.generation);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
    cache.set('d', 1, body('1234567'), 'j', cache.generation);
    expect(cache.get('d', 1)).toBeUndefined();
  });

  it('announces every write after it completed, one message at a time', async () => {
    const cache = new AnswerCache();
    const sent: number[] = [];
    let release!: () => void;
    cache.publish = () => {
      sent.push(cache.generation);
      return new Promise<void>((r) => (release = r));
    };
    cache.invalidate(false);
    expect(sent).toEqual([]); // only sent, not yet done
    cache.invalidate(true);
    cache.invalidate(true);
    cache.invalidate(true);
    expect(sent).toHaveLength(1);
    const done = cache.announced();
    release();
    await new Promise((r) => setImmediate(r));
    // The writes that completed while the first message was on its way get one more, sent after them.
    expect(sent).toHaveLength(2);
    release();
    await done;
    expect(sent).toHaveLength(2);
  });
});

describe('answer cache in the app', () => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;
  let roomId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await createUser(t);
    ben = await createUser(t);
    roomId = (await createRoom(t, ann, { name: 'Ann’s room' })).room.id;
    await createRoom(t, ben, { name: 'Ben’s room' });
  });
  afterAll(() => t.close());

  const read = async (u: TestUser, url: string) => {
    const res = await as(t, u)('GET', url);
    return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
  };
  const hits = () => t.app.answers.stats.hits;

  it('answers a repeated read from the cache, byte for byte as the handler did', async () => {
    const first = await read(ann, '/v1/rooms');
    expect(first.status).toBe(200);
    const before = hits();
    const second = await read(ann, '/v1/rooms');
    expect(hits()).toBe(before + 1);
    expect(second).toEqual(first);
    expect(JSON.parse(second.body).data.map((r: { name: string }) => r.name)).toEqual(['Ann’s room']);
  });

  it('serves a hit only after the bus’s barrier, and reads again when the barrier cannot be promised', async () => {
    await read(ann, '/v1/rooms');
    const settled: boolean[] = [];
    const settle = t.app.answers.settle;
    try {
      t.app.answers.settle = async () => (settled.push(false), false);
      const before = { ...t.app.answers.stats };
      const res = await read(ann, '/v1/rooms');
      expect(res.status).toBe(200);
      expect(settled).toEqual([false]);
      expect(t.app.answers.stats.hits).toBe(before.hits);
      expect(t.app.answers.stats.misses).toBe(before.misses + 1);
    } finally {
      t.app.answers.settle = settle;
    }
  });

  it('never gives one user the answer stored for another at the same URL', async () => {
    await read(ann, '/v1/rooms');
    await read(ann, '/v1/rooms');
    for (let i = 0; i < 3; i++) {
      const bens = JSON.parse((await read(ben, '/v1/rooms')).body);
      expect(bens.data.map((r: { name: string }) => r.name)).toEqual(['Ben’s room']);
      const anns = JSON.parse((await read(ann, '/v1/rooms')).body);
      expect(anns.data.map((r: { name: string }) => r.name)).toEqual(['Ann’s room']);
    }
    // Ann's page of her room's chat is cached; Ben, who is not a member, still gets his 403.
    expect((await read(ann, `/v1/rooms/${roomId}/messages`)).status).toBe(200);
    expect((await read(ann, `/v1/rooms/${roomId}/messages`)).status).toBe(200);
    const refused = await read(ben, `/v1/rooms/${roomId}/messages`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 'error' });
  });

  it('checks the token first: a request without one is refused even though an answer is cached', async () => {
    await read(ann, '/v1/rooms');
    const res = await t.app.inject({ method: 'GET', url: '/v1/rooms' });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/v1/rooms',
      headers: { authorization: `Bearer ${ann.token}x` },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('serves nothing stale after a write through the API', async () => {
    const url = `/v1/rooms/${roomId}/messages`;
    for (let i = 0; i < 5; i++) {
      await read(ann, url);
      await read(ann, url);
      const sent = await as(t, ann)('POST', url, { content: `hello ${i}` });
      expect(sent.statusCode).toBe(200);
      const page = JSON.parse((await read(ann, url)).body);
      expect(page.data.messages[0].content).toBe(`hello ${i}`);
    }
    // Another user's write changes Ann's cached room list: Ben joins her room.
    await read(ann, '/v1/rooms');
    await read(ann, '/v1/rooms');
    expect(JSON.parse((await read(ann, '/v1/rooms')).body).data[0].attendeesCount).toBe(1);
    const joined = await as(t, ben)('PATCH', `/v1/rooms/${roomId}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(JSON.parse((await read(ann, '/v1/rooms')).body).data[0].attendeesCount).toBe(2);
    // …and Ben, refused the chat's page a moment ago, now reads it.
    expect((await read(ben, url)).status).toBe(200);
  });

  it('serves nothing stale after a write outside any request (a job, a socket’s presence) on the app’s pool', async () => {
    await read(ann, '/v1/rooms');
    await read(ann, '/v1/rooms');
    await t.database.pool.query(`UPDATE rooms SET name = 'Written by a job' WHERE id = $1`, [roomId]);
    expect(JSON.parse((await read(ann, '/v1/rooms')).body).data[0].name).toBe('Written by a job');
  });

  it('does not store an answer read while a write was under way', async () => {
    await read(ann, '/v1/rooms');
    // A write that starts and ends between the read's start and its answer: the read's own answer is fine to send
    // but not to keep.
    const hold = t.app.answers.generation;
    t.app.answers.invalidate(false);
    t.app.answers.invalidate(true);
    expect(t.app.answers.generation).toBeGreaterThan(hold);
    const stored = t.app.answers.stats.stored;
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE rooms SET name = 'Inside a transaction' WHERE id = $1`, [roomId]);
      // Uncommitted: a read now sees the old name and must not keep it past the commit.
      const during = JSON.parse((await read(ann, '/v1/rooms')).body);
      expect(during.data[0].name).toBe('Written by a job');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(JSON.parse((await read(ann, '/v1/rooms')).body).data[0].name).toBe('Inside a transaction');
    expect(t.app.answers.stats.stored).toBeGreaterThan(stored);
  });

  it('lets requests that miss together share one read', async () => {
    await read(ann, '/v1/transactions');
    t.app.answers.flush();
    const { hits, misses } = t.app.answers.stats;
    const answers = await Promise.all(Array.from({ length: 8 }, () => read(ann, '/v1/transactions')));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(t.app.answers.stats.misses - misses).toBe(1);
    expect(t.app.answers.stats.hits - hits).toBe(7);
  });

  it('keeps answers of the listed reads only, and 200s only', async () => {
    const before = t.app.answers.stats.stored;
    await read(ann, '/v1/notifications');
    await read(ann, '/v1/rooms/not-a-room/messages');
    expect(t.app.answers.stats.stored).toBe(before);
  });
});

describe('answer cache turned off', () => {
  it('with ANSWER_CACHE_MS=0 every read runs its handler', async () => {
    const t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    try {
      const u = await createUser(t);
      for (let i = 0; i < 3; i++) expect((await as(t, u)('GET', '/v1/rooms')).statusCode).toBe(200);
      expect(t.app.answers.stats).toMatchObject({ hits: 0, stored: 0 });
    } finally {
      await t.close();
    }
  });
});
