// The production build (`apps/server/dist/main.js`) on a throwaway PostgreSQL database, for the api, realtime
// and soak suites: create and migrate the database, start instances, read their memory, and clean everything up
// even when a suite crashes half-way.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('../../', import.meta.url));
// BENCH_SERVER_DIST points the suites at another build of the server (to compare before and after a change).
export const serverDist = process.env.BENCH_SERVER_DIST ?? path.join(root, 'apps/server/dist');
const mainJs = path.join(serverDist, 'main.js');
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * The node flags production runs the server with (`npm start`, README): a young generation of up to 2 × 64 MB, so
 * that the objects of requests waiting for a database connection die young instead of being copied and promoted by
 * every scavenge (GET /v1/rooms at 200 connections: server CPU 0.27 → 0.17 ms per request). Every instance a suite
 * starts gets them; a compare.mjs variant may replace them (`"flags": []`).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
/** Given to every instance, so that a suite can sign tokens the way the server does (`lib/tokens.ts`). */
export const JWT_SECRET = randomBytes(32).toString('hex');

const cleanups = [];
/** Runs at the end of the suite, last registered first, whether it succeeded or not. */
export const onCleanup = (fn) => cleanups.push(fn);

async function cleanUp() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('cleanup failed:', err);
    }
  }
}

/** Runs a suite: a crash exits 1 (after cleaning up); a missed target does not, the section says so instead. */
export async function runSuite(fn) {
  let failed = false;
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await fn();
  } catch (err) {
    failed = true;
    console.error(err);
  }
  await cleanUp();
  process.exit(failed ? 1 : 0);
}

/** Builds once when the build is missing or half-written (another build may be running at the same time). */
export function ensureBuild() {
  const needed = [
    mainJs,
    path.join(serverDist, 'db/migrations/0001_initial.sql'),
    path.join(root, 'apps/web/dist/index.html'),
  ];
  if (needed.every((f) => existsSync(f))) return;
  console.log('production build missing or incomplete: npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** A fresh, migrated database `outing_bench_<pid>_<tag>`, dropped at the end of the suite. */
export async function createDatabase(tag) {
  const name = `outing_bench_${process.pid}_${tag}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const pool = new pg.Pool({ connectionString: url.href, max: 4 });
  onCleanup(() => pool.end());
  const { migrate } = await import(path.join(serverDist, 'db/migrate.js'));
  await migrate(pool);
  return { name, url: url.href, pool };
}

/** Applies the server's migrations (from the build) to the database behind `pool`. */
export async function migrateDatabase(pool) {
  const { migrate } = await import(path.join(serverDist, 'db/migrate.js'));
  await migrate(pool);
}

/** Resident memory of a process in MB (from /proc), NaN once it has gone. */
export async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (from /proc; 10 ms resolution). */
export async function cpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks of 1/100 s
}

/**
 * CPU time used so far by each PostgreSQL backend serving `pool`'s database, in ms by pid: the reading before a
 * measured stretch, for `databaseCpuSince`.
 */
export async function databaseCpuMs(pool) {
  const { rows } = await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const byPid = new Map();
  for (const { pid } of rows) {
    const ms = await cpuMs(pid);
    if (Number.isFinite(ms)) byPid.set(pid, ms);
  }
  return byPid;
}

/**
 * CPU ms the backends of a `databaseCpuMs` reading have used since it, counting those still alive: a backend the
 * pool replaced in between would otherwise count negative.
 */
export async function databaseCpuSince(before) {
  let ms = 0;
  for (const [pid, then] of before) {
    const now = await cpuMs(pid);
    if (Number.isFinite(now)) ms += now - then;
  }
  return ms;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export { sleep };

/** Median RSS of `n` samples `gapMs` apart: one sample can land on either side of a garbage collection. */
export async function settledRssMb(pid, n = 5, gapMs = 400) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    if (i) await sleep(gapMs);
    xs.push(await rssMb(pid));
  }
  xs.sort((a, b) => a - b);
  return xs[n >> 1];
}

/**
 * One production instance on `databaseUrl`, rate limits off (a benchmark would otherwise measure 429s), logging
 * warnings and errors only; those lines are kept (`problems`) so a suite can report them. It runs with
 * `flags` (production's, `SERVER_NODE_FLAGS`, unless given). `BENCH_NODE_ARGS`
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to every instance's node, to profile a suite's load;
 * `nodeArgs` to this instance's only. `inspect: true` opens the inspector on a free loopback port
 * (`inspectorPort`, for ./inspector.mjs); its own banner lines are not counted as problems. `wrap` is a command
 * line the instance's node runs under (valgrind, say; it should send its own output to a file), `readyMs` how long
 * it may take to answer its first request.
 */
export async function startServer({
  databaseUrl,
  env = {},
  name = 'server',
  main = mainJs,
  nodeArgs: extraArgs = [],
  flags = SERVER_NODE_FLAGS,
  inspect = false,
  wrap = [],
  readyMs = 60_000,
}) {
  const port = await freePort();
  const inspectorPort = inspect ? await freePort() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-bench-'));
  const nodeArgs = [
    ...flags,
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...extraArgs,
    ...(inspect ? [`--inspect=127.0.0.1:${inspectorPort}`] : []),
  ];
  const [command, ...args] = [...wrap, process.execPath, ...nodeArgs, main];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      RATE_LIMITS: 'off',
      // Every bench socket comes from 127.0.0.1: the per-address socket cap (100) would refuse most of them.
      WS_MAX_SOCKETS_PER_IP: '0',
      LOG_LEVEL: 'warn',
      // BENCH_POOL_SIZE: another database pool size for every instance (an A/B of decision 004's default).
      ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      // The start-up notice of an instance without SMTP (every bench instance): configuration, not a problem.
      if (line.includes('"msg":"SMTP_URL is not set:')) continue;
      if (
        inspect &&
        /^(Debugger listening on ws:|For help, see: https:\/\/nodejs\.org|Debugger attached\.|Waiting for the debugger to disconnect|Debugger ending on ws:)/.test(
          line,
        )
      )
        continue;
      problems.push(line);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    await rm(dataDir, { recursive: true, force: true });
  };
  onCleanup(stop);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited before it was ready:\n${problems.slice(-20).join('\n')}`);
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${readyMs / 1000} s`);
    await sleep(50);
  }
  return { name, pid: child.pid, port, base, problems, stop, exited, inspectorPort };
}

/** The first few warning/error lines the instances logged, shortened, as Markdown (empty when none). */
export function problemLines(...servers) {
  const lines = servers.flatMap((s) => s.problems.map((l) => `${s.name}: ${l.slice(0, 300)}`));
  if (lines.length === 0) return '';
  return `\nFirst server warnings/errors (${lines.length} in all):\n\n\`\`\`\n${lines.slice(0, 3).join('\n')}\n\`\`\`\n`;
}

/** Signs a token exactly as the server does (`lib/tokens.ts`) with the secret the instances were given. */
export async function tokenSigner() {
  const { createTokenService } = await import(path.join(serverDist, 'lib/tokens.js'));
  return createTokenService(JWT_SECRET);
}

/** Signs in through `POST /v1/auth` (the real argon2 check) and returns the token. */
export async function login(base, username, password) {
  const res = await fetch(`${base}/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (res.status !== 200 || !body.token) throw new Error(`login ${username}: ${res.status} ${body.message}`);
  return body.token;
}

/** A JSON call that must answer 200; returns `data`. */
export async function api(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
  return json.data;
}
