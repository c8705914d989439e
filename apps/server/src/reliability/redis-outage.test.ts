import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords.js';
import { createTokenService } from '../lib/tokens.js';
import { TEST_JWT_SECRET } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { roomPayload } from '../test/rooms.js';
import { startServerProcess, waitForExit, type ServerProcess } from '../test/server-process.js';
import { connect, settle, type TestSocket } from '../test/sockets.js';
import { baseUrl, call, sleep } from './helpers.js';
import { hasRedisServer, ownRedis } from './redis-server.js';

type User = { id: number; username: string; token: string };

const received = (socket: TestSocket, content: string) =>
  socket.frames.filter(
    (f) => f.type === 'CREATE_MESSAGE' && (f.data as { content: string }).content === content,
  ).length;

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

// Two instances behind one Redis (their bus and the rate-limit counters); Redis dies and comes back.
describe.skipIf(!hasRedisServer && !process.env.CI)('Redis killed and restarted under two instances', () => {
  let database: TestDatabase;
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let alice: User;
  let bob: User;
  let roomId: string;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createTestDatabase(), ownRedis()]);
    const tokens = createTokenService(TEST_JWT_SECRET);
    const make = async (username: string): Promise<User> => {
      const { rows } = await database.pool.query<{ id: number }>(
        `INSERT INTO users (username, email, password_hash, is_email_valid) VALUES ($1, $2, $3, true) RETURNING id`,
        [username, `${username}@example.com`, await hashPassword('secret123')],
      );
      const user = { id: rows[0]!.id, username, email: `${username}@example.com`, pictureUrl: '' };
      return { id: user.id, username, token: await tokens.sign(user) };
    };
    [alice, bob] = await Promise.all([make('redis_alice'), make('redis_bob')]);
    await database.pool.query('INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2), ($2, $1)', [
      alice.id,
      bob.id,
    ]);
    // Rate limits stay on: their counters live in this Redis too.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: '/nonexistent-outing-redis-outage',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const room = await call(baseUrl(a), alice.token, 'POST', '/v1/rooms', roomPayload({}, [bob.id]));
    expect(room.status).toBe(200);
    roomId = (room.body.data as { room: { id: string } }).room.id;
    expect((await call(baseUrl(b), bob.token, 'PATCH', `/v1/rooms/${roomId}/join`)).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      [a, b].map(async (p) => {
        if (!p) return;
        p.child.kill('SIGTERM');
        await waitForExit(p.child);
      }),
    );
    await redis?.kill();
    await database?.drop();
  });

  it('both keep serving while it is down, and frames cross instances again once it is back', async () => {
    const post = (from: ServerProcess, user: User, content: string) =>
      call(baseUrl(from), user.token, 'POST', `/v1/rooms/${roomId}/messages`, { content });
    const bobOnB = connect(baseUrl(b), bob.token);
    const aliceOnA = connect(baseUrl(a), alice.token);
    await Promise.all([bobOnB.opened, aliceOnA.opened]);
    await settle();

    expect((await post(a, alice, 'before')).status).toBe(200);
    expect(await waitFor(() => received(bobOnB, 'before') === 1, 3000), 'A → B before the outage').toBe(true);

    await redis.kill();

    for (const [server, user] of [
      [a, alice],
      [b, bob],
    ] as const) {
      const started = Date.now();
      expect((await call(baseUrl(server), user.token, 'GET', '/v1/rooms')).status).toBe(200);
      const sent = await post(server, user, `during from ${user.username}`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      // Login passes through the Redis-backed rate limiter, which must let it through rather than fail.
      const login = await call(baseUrl(server), undefined, 'POST', '/v1/auth', {
        username: user.username,
        password: 'secret123',
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(Date.now() - started, 'no request waits for Redis for long').toBeLessThan(5_000);
    }
    // The poster's own instance still delivers to its own sockets.
    expect(await waitFor(() => received(aliceOnA, 'during from redis_alice') === 1, 3000)).toBe(true);
    expect(await waitFor(() => received(bobOnB, 'during from redis_bob') === 1, 3000)).toBe(true);

    await redis.start();

    // Within a bounded time, frames cross instances again, both ways, without restarting either instance.
    const resumed = async (from: ServerProcess, user: User, to: TestSocket, label: string) => {
      const started = Date.now();
      for (let n = 0; Date.now() - started < 15_000; n++) {
        const content = `${label} ${n}`;
        expect((await post(from, user, content)).status).toBe(200);
        if (await waitFor(() => received(to, content) === 1, 500)) return Date.now() - started;
      }
      throw new Error(`${label}: no frame across instances within 15 s of Redis coming back`);
    };
    const abMs = await resumed(a, alice, bobOnB, 'A to B');
    const baMs = await resumed(b, bob, aliceOnA, 'B to A');
    console.warn(`[redis outage] cross-instance frames resumed after ${abMs} ms (A→B), ${baMs} ms (B→A)`);

    // Once back, exactly once: no local delivery on top of the bus.
    expect((await post(a, alice, 'after')).status).toBe(200);
    expect(await waitFor(() => received(bobOnB, 'after') === 1, 3000)).toBe(true);
    expect(await waitFor(() => received(aliceOnA, 'after') === 1, 3000)).toBe(true);
    await settle();
    expect([received(bobOnB, 'after'), received(aliceOnA, 'after')]).toEqual([1, 1]);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    bobOnB.ws.close();
    aliceOnA.ws.close();
  }, 60_000);
});
