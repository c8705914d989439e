import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../db/pool.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { as, createRoom } from '../test/rooms.js';
import { createUser, type TestUser } from '../test/users.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * A TCP relay to Redis that hands on what Redis sends `delayMs` late (in order), as a busy or distant host would
 * read it: A hears of B's writes well after B has answered, so only a real barrier keeps A from serving a stale hit.
 */
async function slowRelay(target: URL, delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => (client.destroy(), upstream.destroy()));
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// Two instances on one database, each with its own pool and its own Redis connection, as two processes behind a
// load balancer: A does not see B's statements, only what B announces on the bus, and hears it late (`slowRelay`).
describe.skipIf(!redisUrl)('answer cache across two instances', () => {
  let database: TestDatabase;
  let second: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const redis: Redis[] = [];
  let relay: Awaited<ReturnType<typeof slowRelay>>;
  let ann: TestUser;
  let ben: TestUser;
  let roomId: string;

  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    database = await createTestDatabase();
    const pool = createPool(database.url, 4);
    second = { ...database, pool, db: createDb(pool), drop: () => pool.end() };
    // Named, so that the test can cut exactly these instances' subscriptions (`CLIENT KILL`) and nobody else's.
    relay = await slowRelay(new URL(redisUrl!), 40);
    for (const [name, url] of [
      ['a', relay.url],
      ['b', redisUrl!],
    ])
      redis.push(new Redis(url!, { connectionName: `answers_${process.pid}_${name}` }));
    a = await createTestApp({}, undefined, { database, redis: redis[0] });
    b = await createTestApp({}, undefined, { database: second, redis: redis[1] });
    ann = await createUser(a);
    ben = await createUser(a);
    roomId = (await createRoom(a, ann, { name: 'Across', isPrivate: false })).room.id;
    expect((await as(a, ben)('PATCH', `/v1/rooms/${roomId}/join`)).statusCode).toBe(200);
    // Both subscribed before anything is measured.
    for (const t of [a, b])
      for (let i = 0; i < 100 && !t.app.answers.canServe(); i++) await new Promise((r) => setTimeout(r, 20));
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const r of redis) await r.quit().catch(() => r.disconnect());
    await relay?.close();
    await second?.drop();
    await database?.drop();
  });

  const page = async (t: TestApp, u: TestUser) => {
    const res = await as(t, u)('GET', `/v1/rooms/${roomId}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body).data as { messages: { content: string }[]; total: number };
  };

  it('never serves on A an answer older than a write B has answered', async () => {
    const hits = a.app.answers.stats.hits;
    for (let i = 0; i < 25; i++) {
      // A holds Ann's and Ben's pages…
      await page(a, ann);
      await page(a, ben);
      await page(a, ann);
      // …B stores a message and answers; right after that answer, A shows the message to both.
      const sent = await as(b, i % 2 ? ann : ben)('POST', `/v1/rooms/${roomId}/messages`, {
        content: `m${i}`,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await page(a, ann)).messages[0]?.content).toBe(`m${i}`);
      expect((await page(a, ben)).messages[0]?.content).toBe(`m${i}`);
    }
    // The cache was used in between (or this test would prove nothing).
    expect(a.app.answers.stats.hits - hits).toBeGreaterThanOrEqual(25);
  });

  it('A’s room list follows a change B makes to a room (another user’s write)', async () => {
    const names = async () =>
      JSON.parse((await as(a, ann)('GET', '/v1/rooms')).body).data.map((r: { name: string }) => r.name);
    expect(await names()).toEqual(['Across']);
    expect(await names()).toEqual(['Across']);
    const other = await createRoom(b, ben, { name: 'Ben’s', isPrivate: false });
    expect((await as(b, ann)('PATCH', `/v1/rooms/${other.room.id}/join`)).statusCode).toBe(200);
    expect((await names()).sort()).toEqual(['Across', 'Ben’s']);
  });

  it('serves nothing while its subscription is down, and starts empty when it is back', async () => {
    await page(a, ann);
    await page(a, ann);
    // Redis drops A's subscription (a restart, a network cut): until it is back, a write on B could go unheard.
    const killer = redis[1]!.duplicate({ connectionName: `answers_${process.pid}_killer` });
    const list = String(await killer.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const id = new RegExp(`id=(\\d+) .*name=answers_${process.pid}_a `).exec(list)?.[1];
    expect(id).toBeDefined();
    await killer.call('CLIENT', 'KILL', 'ID', id!);
    for (let i = 0; i < 100 && a.app.answers.canServe(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(a.app.answers.canServe()).toBe(false);
    const hits = a.app.answers.stats.hits;
    const stored = a.app.answers.stats.stored;
    await page(a, ann);
    expect(a.app.answers.stats.hits).toBe(hits);
    expect(a.app.answers.stats.stored).toBe(stored);
    // ioredis reconnects and subscribes again; once Redis has confirmed it, the cache starts over, empty.
    for (let i = 0; i < 300 && !a.app.answers.canServe(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(a.app.answers.canServe()).toBe(true);
    expect(a.app.answers.size).toBe(0);
    await page(a, ann);
    await page(a, ann);
    expect(a.app.answers.stats.hits).toBe(hits + 1);
    await killer.quit();
  });
});
