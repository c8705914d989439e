import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { waitForExit, type ServerProcess } from '../test/server-process.js';
import {
  alive,
  baseUrl,
  call,
  expectAcknowledgedPresent,
  postmasterPidFile,
  postmastersOf,
  seededRandom,
  serverFleet,
  sleep,
  userWithRoom,
  writeStream,
  type Ack,
} from './helpers.js';

// The two crash loops are CPU-bound on restarting the server; as concurrent suites they overlap (vitest runs one
// file at a time on two cores), which keeps the directory near its time budget.
const ITERATIONS = 20;
const TIMEOUT_MS = 480_000;
/** Writes a stream may send: the kill must land before the last. */
const STREAM_TOTAL = 1000;

/** What a crash loop keeps across its iterations. */
interface CrashRun {
  token: string;
  roomId: string;
  acked: Ack[];
  /** How many writes each iteration (by its content prefix) sent. */
  sent: Map<string, number>;
  restartMs: number;
}

/** A user with a room, made on the first server, to write into for the whole loop. */
async function crashRun(server: ServerProcess, username: string): Promise<CrashRun> {
  const { token, roomId } = await userWithRoom(server, username);
  return { token, roomId, acked: [], sent: new Map(), restartMs: 0 };
}

/**
 * Iteration `i`: a stream of writes to `victim`, and `kill` once the `killAt`-th is acknowledged, while others are
 * in flight. Checks that the server died of it mid-stream, and adds what was acknowledged and sent to the run.
 */
async function crashMidStream(
  run: CrashRun,
  i: number,
  victim: ServerProcess,
  killAt: number,
  kill: () => void,
): Promise<void> {
  const stream = await writeStream({
    base: baseUrl(victim),
    token: run.token,
    roomId: run.roomId,
    prefix: `it${i}`,
    total: STREAM_TOTAL,
    concurrency: 4,
    killAt,
    kill,
  });
  await waitForExit(victim.child);
  expect(victim.child.signalCode, `iteration ${i}`).toBe('SIGKILL');
  expect(stream.unexpected, `iteration ${i}: non-2xx answers before the kill`).toEqual([]);
  expect(stream.acked.length).toBeGreaterThanOrEqual(killAt);
  expect(stream.inFlightAtKill, `iteration ${i}: writes in flight at the kill`).toBeGreaterThan(0);
  expect(stream.sent, `iteration ${i}: the kill lands mid-stream`).toBeLessThan(STREAM_TOTAL);
  run.acked.push(...stream.acked);
  run.sent.set(`it${i}`, stream.sent);
}

/** The next server, its start timed into the run. */
async function restart(
  run: CrashRun,
  fleet: ReturnType<typeof serverFleet>,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const started = Date.now();
  const server = await fleet.start(env);
  run.restartMs += Date.now() - started;
  return server;
}

/** Every acknowledged write is `stored`, and the restarted server, with the same token, sees exactly that. */
async function expectSurvived(run: CrashRun, server: ServerProcess, stored: Ack[]): Promise<void> {
  expectAcknowledgedPresent(stored, run.acked, run.sent);
  const page = await call(baseUrl(server), run.token, 'GET', `/v1/rooms/${run.roomId}/messages?pageSize=1`);
  expect(page.status).toBe(200);
  expect((page.body.data as { pageCount: number }).pageCount).toBe(stored.length);
}

// kill -9 of the server in the middle of a stream of acknowledged writes, on an external PostgreSQL (which
// survives): whatever the server acknowledged must have been committed before the answer left.
describe.concurrent('kill -9 mid-stream, external PostgreSQL', () => {
  let database: TestDatabase;
  let fleet: ReturnType<typeof serverFleet>;

  beforeAll(async () => {
    database = await createTestDatabase();
    fleet = serverFleet(database.url);
  });
  afterAll(async () => {
    await fleet?.stopAll();
    await database?.drop();
  });

  it(
    `every acknowledged write survives ${ITERATIONS} crashes`,
    async () => {
      const random = seededRandom('crash external');
      const env = {
        DATABASE_URL: database.url,
        JWT_SECRET: TEST_JWT_SECRET,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        DATA_DIR: '/nonexistent-outing-crash',
      };
      let server: ServerProcess = await fleet.start({ ...env, LOG_LEVEL: 'info' }); // info: the mail is logged
      const run = await crashRun(server, 'crash_ext');
      let storedUnanswered = 0;

      for (let i = 0; i < ITERATIONS; i++) {
        const victim = server;
        await crashMidStream(run, i, victim, random.int(1, 200), () => victim.child.kill('SIGKILL'));

        server = await restart(run, fleet, env);
        const { rows } = await database.pool.query<Ack>(
          'SELECT id, content FROM messages WHERE room_id = $1',
          [run.roomId],
        );
        await expectSurvived(run, server, rows);
        storedUnanswered = rows.length - run.acked.length;
      }
      console.warn(
        `[crash external] ${run.acked.length} acknowledged writes over ${ITERATIONS} kills all present ` +
          `(${storedUnanswered} in-flight writes committed without an answer); ` +
          `restart ${Math.round(run.restartMs / ITERATIONS)} ms on average`,
      );

      server.child.kill('SIGTERM');
      expect(await waitForExit(server.child)).toBe(0);
    },
    TIMEOUT_MS,
  );
});

/** Every this many iterations the whole machine "dies": the postmaster's process group is killed -9 as well. */
const GROUP_KILL_EVERY = 5;

/** The stored messages, read straight from the embedded PostgreSQL (port from postmaster.pid, password kept). */
async function storedMessages(dataDir: string, roomId: string): Promise<Ack[]> {
  const lines = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const { pgPassword } = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    pgPassword: string;
  };
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(lines[3]),
    user: 'postgres',
    password: pgPassword,
    database: 'postgres',
  });
  await client.connect();
  try {
    return (await client.query<Ack>('SELECT id, content FROM messages WHERE room_id = $1', [roomId])).rows;
  } finally {
    await client.end();
  }
}

// kill -9 of a server that runs its own PostgreSQL: acknowledged writes survive, and the next start deals with
// what the dead server left behind (a running postmaster, or a stale postmaster.pid after a whole-group kill).
describe.concurrent('kill -9 mid-stream, embedded PostgreSQL', () => {
  let dataDir: string;
  let pgDir: string;
  let fleet: ReturnType<typeof serverFleet>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-crash-'));
    await chmod(dataDir, 0o755); // the postmaster runs as `postgres` when we are root
    pgDir = path.join(dataDir, 'pg');
    fleet = serverFleet(dataDir);
  });
  afterAll(async () => {
    await fleet?.stopAll();
    for (const pid of await postmastersOf(pgDir)) process.kill(pid, 'SIGQUIT');
    for (let w = 0; (await postmastersOf(pgDir)).length > 0 && w < 100; w++) await sleep(50);
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    `every acknowledged write survives ${ITERATIONS} crashes; no orphaned postmaster, no stale lock`,
    async () => {
      const random = seededRandom('crash embedded');
      const env = { DATA_DIR: dataDir, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' };
      let server: ServerProcess = await fleet.start({ ...env, LOG_LEVEL: 'info' }); // info: the mail is logged
      // No JWT_SECRET: the token stays valid across restarts only because the generated secret is kept.
      const run = await crashRun(server, 'crash_emb');

      for (let i = 0; i < ITERATIONS; i++) {
        const victim = server;
        const postmaster = (await postmasterPidFile(pgDir))!;
        expect(await postmastersOf(pgDir)).toEqual([postmaster]);
        const wholeGroup = i % GROUP_KILL_EVERY === GROUP_KILL_EVERY - 1;
        await crashMidStream(run, i, victim, random.int(1, 200), () => {
          victim.child.kill('SIGKILL');
          if (wholeGroup) process.kill(-postmaster, 'SIGKILL'); // its own process group: postmaster + backends
        });
        if (wholeGroup) {
          for (let w = 0; alive(postmaster) && w < 100; w++) await sleep(50);
          expect(alive(postmaster), 'the killed postmaster is gone').toBe(false);
          expect(await postmasterPidFile(pgDir), 'a stale lock is left behind').toBe(postmaster);
        } else {
          expect(alive(postmaster), 'killing the server alone leaves its postmaster running').toBe(true);
        }

        server = await restart(run, fleet, env);
        expect(alive(postmaster), `iteration ${i}: the previous postmaster is gone`).toBe(false);
        const current = (await postmasterPidFile(pgDir))!;
        expect(current).not.toBe(postmaster);
        expect(await postmastersOf(pgDir)).toEqual([current]);
        expect(server.output().includes('stopping a PostgreSQL left running by an earlier server')).toBe(
          !wholeGroup,
        );
        // The restarted server has the same token because its secret is kept in DATA_DIR.
        await expectSurvived(run, server, await storedMessages(dataDir, run.roomId));
      }
      console.warn(
        `[crash embedded] ${run.acked.length} acknowledged writes over ${ITERATIONS} kills all present; ` +
          `restart ${Math.round(run.restartMs / ITERATIONS)} ms on average`,
      );

      const last = (await postmasterPidFile(pgDir))!;
      server.child.kill('SIGTERM');
      expect(await waitForExit(server.child)).toBe(0);
      expect(alive(last)).toBe(false);
      expect(await postmastersOf(pgDir)).toEqual([]);
      expect(await postmasterPidFile(pgDir), 'postmaster.pid removed by a clean stop').toBeUndefined();
    },
    TIMEOUT_MS,
  );
});
