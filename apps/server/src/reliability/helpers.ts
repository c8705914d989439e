import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { startServerProcess, waitForExit, type ServerProcess } from '../test/server-process.js';
import { nextWeek, roomPayload } from '../test/rooms.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A seeded generator (mulberry32), so that a failing run can be replayed: the seed comes from RELIABILITY_SEED or
 * the clock, and every test logs it.
 */
export function seededRandom(label: string) {
  const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 2 ** 31);
  console.warn(`[${label}] seed ${seed} (replay with RELIABILITY_SEED=${seed})`);
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { seed, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const baseUrl = (server: ServerProcess) => `http://127.0.0.1:${server.port}`;

export async function call(
  base: string,
  token: string | undefined,
  method: string,
  url: string,
  body?: object,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * A user made the way a person makes one: sign-up, the code from the mail the server prints to its log when no
 * SMTP is configured, verify, log in. Then a room of theirs to write into.
 */
export async function userWithRoom(server: ServerProcess, username: string) {
  const base = baseUrl(server);
  const email = `${username}@example.com`;
  const password = 'secret123';
  expect((await call(base, undefined, 'POST', '/v1/auth/signup', { username, email, password })).status).toBe(
    200,
  );
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const line = server.logLines().find((l) => JSON.stringify(l).includes(email) && 'mail' in l);
    code = line && /code is (\d{6})/.exec(JSON.stringify(line))?.[1];
    if (!code) await sleep(20);
  }
  expect(code, 'the mailed code in the log').toBeDefined();
  expect((await call(base, undefined, 'POST', '/v1/auth/verify', { email, otp: code })).status).toBe(200);
  const login = await call(base, undefined, 'POST', '/v1/auth', { username, password });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  const room = await call(base, token, 'POST', '/v1/rooms', roomPayload({ date: nextWeek() }));
  expect(room.status).toBe(200);
  const roomId = (room.body.data as { room: { id: string } }).room.id;
  return { token, roomId, userId: (login.body.data as { id: number }).id };
}

export type Ack = { id: number; content: string };

/**
 * Up to `total` message writes, `concurrency` at a time. When the `killAt`-th write has been acknowledged, `kill`
 * runs while the other workers' writes are still in flight; the stream then ends as requests start failing.
 * Only a 200 with a parsed body counts as acknowledged.
 */
export async function writeStream(opts: {
  base: string;
  token: string;
  roomId: string;
  prefix: string;
  total: number;
  concurrency: number;
  killAt: number;
  kill: () => void;
}) {
  const acked: Ack[] = [];
  const unexpected: string[] = [];
  let next = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let failed = 0;
  const worker = async () => {
    while (next < opts.total) {
      const content = `${opts.prefix}-${next++}`;
      inFlight++;
      try {
        const res = await fetch(`${opts.base}/v1/rooms/${opts.roomId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { data?: { id?: number; content?: string } };
        inFlight--;
        if (res.status !== 200 || body.data?.content !== content || typeof body.data.id !== 'number') {
          unexpected.push(`${res.status} ${JSON.stringify(body)}`);
          return;
        }
        acked.push({ id: body.data.id, content });
      } catch {
        inFlight--;
        failed++;
        return; // the server is gone
      }
      if (acked.length === opts.killAt) {
        inFlightAtKill = inFlight;
        opts.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return { acked, sent: next, failed, inFlightAtKill, unexpected };
}

/**
 * Checks the stored messages of a room against every write acknowledged so far: each is there with its id and
 * content, no content is stored twice, and nothing is stored that was never sent.
 */
export function expectAcknowledgedPresent(stored: Ack[], acked: Ack[], sentPrefixes: Map<string, number>) {
  const byContent = new Map<string, number[]>();
  for (const row of stored) byContent.set(row.content, [...(byContent.get(row.content) ?? []), row.id]);
  const duplicates = [...byContent].filter(([, ids]) => ids.length > 1);
  expect(duplicates, 'contents stored twice').toEqual([]);
  const missing = acked.filter((a) => byContent.get(a.content)?.[0] !== a.id);
  expect(missing, 'acknowledged writes missing after the restart').toEqual([]);
  const foreign = stored.filter((row) => {
    const m = /^(.*)-(\d+)$/.exec(row.content);
    return !m || !(Number(m[2]) < (sentPrefixes.get(m[1]!) ?? 0));
  });
  expect(foreign, 'stored messages that were never sent').toEqual([]);
}

/** Live postmasters (not their backends, whose titles are rewritten) serving `pgDir`, from /proc. */
export async function postmastersOf(pgDir: string): Promise<number[]> {
  // A backend the postmaster has just forked has its parent's command line until it renames itself: a process
  // whose parent is one of these is a child, not a second postmaster.
  const found = new Map<number, number>(); // pid → parent pid
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (path.basename(argv[0] ?? '') !== 'postgres' || !argv.includes(pgDir)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
    found.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  return [...found].filter(([, parent]) => !found.has(parent)).map(([pid]) => pid);
}

export async function postmasterPidFile(pgDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : Number(text.split('\n')[0]);
}

/** Server processes started by this test file: their environment holds `marker` (a data dir, a database url). */
async function serversWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (environ.split('\0').some((kv) => kv.endsWith(`=${marker}`)) && cmdline.includes('main.ts')) {
      found.push(Number(entry));
    }
  }
  return found;
}

/**
 * Starts servers for a long test and, when the test is over (even by its timeout, while a start is under way),
 * kills every one of them that is still running, so that nothing outlives the file.
 */
export function serverFleet(marker: string) {
  let over = false;
  let current: ServerProcess | undefined;
  return {
    async start(env: Record<string, string>): Promise<ServerProcess> {
      if (over) throw new Error('the test is over');
      const server = await startServerProcess(env);
      if (over) {
        server.child.kill('SIGKILL');
        throw new Error('the test is over');
      }
      return (current = server);
    },
    async stopAll() {
      over = true;
      if (current && current.child.exitCode === null && current.child.signalCode === null) {
        current.child.kill('SIGKILL');
        await waitForExit(current.child);
      }
      for (const pid of await serversWith(marker)) process.kill(pid, 'SIGKILL');
    },
  };
}
