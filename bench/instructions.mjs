// Instructions per request, counted by valgrind's callgrind (not a suite: it writes nothing into
// docs/performance.md). Seconds of CPU move with whatever else the shared machine runs; the number of instructions
// the server executes for the same requests moves far less — once the JIT has finished: V8's optimising compiler
// runs on its own thread, which valgrind serialises, and its work is counted. Compare runs with the same warm-up,
// long enough (the floor: 482 k instructions a request after 2,000 requests of warm-up, 1,448 k after 800 on a
// machine at load 20, where the compiler had not caught up). The api suite's database and reads; every variant (as in compare.mjs) and the query floor (the
// hello-world answering after one prepared `SELECT 1`) run under callgrind; after a warm-up each read is sent
// BENCH_REQUESTS times (8 connections) between a zero and a dump of the counters, so that start-up and warm-up
// are not counted. PostgreSQL's CPU per request (from /proc) is printed beside it, noisy as ever.
//
//   node bench/instructions.mjs
//   BENCH_VARIANTS='{"before":{"main":"apps/server-before/dist/main.js"},"after":{}}' node bench/instructions.mjs
//
// BENCH_REQUESTS (1000), BENCH_WARMUP (3000), BENCH_PATHS (rooms,transactions,messages). Needs valgrind
// (Debian's package). A variant takes a minute or two to start and warm up: valgrind runs code 20–50× slower.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seed } from './lib/seed.mjs';
import {
  createDatabase,
  databaseCpuMs,
  databaseCpuSince,
  freePort,
  onCleanup,
  root,
  runSuite,
  serverDist,
  sleep,
  startServer,
  tokenSigner,
} from './lib/server.mjs';

const variants = JSON.parse(process.env.BENCH_VARIANTS ?? '{"current":{}}');
const requestsPerPath = Number(process.env.BENCH_REQUESTS ?? 1000);
const warmup = Number(process.env.BENCH_WARMUP ?? 3000);
const wanted = (process.env.BENCH_PATHS ?? 'rooms,transactions,messages').split(',');

const outDir = await mkdtemp(path.join(os.tmpdir(), 'outing-callgrind-'));
onCleanup(() => rm(outDir, { recursive: true, force: true }));
const callgrind = (name) => [
  'valgrind',
  '--tool=callgrind',
  `--callgrind-out-file=${path.join(outDir, `${name}.%p`)}`,
  `--log-file=${path.join(outDir, `${name}.log`)}`,
];

/** Zeroes the counters of the callgrind process `pid`, runs `fn`, dumps them; resolves with the instructions. */
async function counted(name, pid, fn) {
  execFileSync('callgrind_control', ['--zero', String(pid)], { stdio: 'ignore' });
  const result = await fn();
  const before = new Set(await readdir(outDir));
  execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    const dump = (await readdir(outDir)).find((f) => f.startsWith(`${name}.${pid}.`) && !before.has(f));
    if (!dump) continue;
    const text = await readFile(path.join(outDir, dump), 'utf8');
    const totals = /^totals: (\d+)/m.exec(text) ?? /^summary: (\d+)/m.exec(text);
    if (totals) return { ...result, instructions: Number(totals[1]) };
  }
  throw new Error(`no callgrind dump for ${name}`);
}

const load = (url, amount, requests) =>
  autocannon({ url, connections: 8, amount, requests, timeout: 120 }).then((r) => {
    if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
    return r;
  });

/** The query floor of the api suite (bench/lib/hello.mjs) under callgrind. */
async function startFloor(databaseUrl, poolSize) {
  const port = await freePort();
  const child = spawn(
    callgrind('floor')[0],
    [
      ...callgrind('floor').slice(1),
      process.execPath,
      fileURLToPath(new URL('./lib/hello.mjs', import.meta.url)),
      String(port),
      databaseUrl,
      String(poolSize),
    ],
    { stdio: 'ignore' },
  );
  onCleanup(() => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 300_000; ; await sleep(200)) {
    if (Date.now() > deadline) throw new Error('the floor did not start under valgrind');
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, pid: child.pid };
  }
}

await runSuite(async () => {
  const loadStart = os.loadavg()[0];
  const database = await createDatabase('instructions');
  const data = await seed(database.pool, { users: 1000, rooms: 200, messages: 5000, drivers: 10 });
  const { loadConfig } = await import(path.join(serverDist, 'config.js'));
  // Signed here, not through POST /v1/auth: argon2 under valgrind takes a long while.
  const signer = await tokenSigner();
  const tokens = await Promise.all(
    data.drivers.map((d) =>
      signer.sign({ id: d.id, username: d.username, email: `${d.username}@example.com`, pictureUrl: '' }),
    ),
  );
  const paths = Object.entries({
    rooms: '/v1/rooms',
    transactions: '/v1/transactions',
    messages: `/v1/rooms/${data.roomIds[0]}/messages`,
  }).filter(([k]) => wanted.includes(k));
  let seq = 0;
  const requests = (p) => [
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: p,
        headers: { authorization: `Bearer ${tokens[seq++ % tokens.length]}` },
      }),
    },
  ];
  const rows = [];
  const started = Date.now();
  const floor = await startFloor(database.url, loadConfig({}).databasePoolSize);
  const hello = [{ method: 'GET', path: '/' }];
  await load(floor.base, warmup, hello);
  const f = await counted('floor', floor.pid, () => load(floor.base, requestsPerPath, hello));
  rows.push(['floor: hello-world + `SELECT 1`', f.instructions / f.requests.total, NaN]);
  console.log(
    `floor: ${(f.instructions / f.requests.total / 1000).toFixed(0)} k instructions (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  for (const [name, v] of Object.entries(variants)) {
    const server = await startServer({
      databaseUrl: database.url,
      env: v.env ?? {},
      name,
      ...(v.main ? { main: path.resolve(root, v.main) } : {}),
      ...(v.flags ? { flags: v.flags } : {}),
      nodeArgs: ['--import', fileURLToPath(new URL('./lib/patient-pool.mjs', import.meta.url))],
      wrap: callgrind(name),
      readyMs: 600_000,
    });
    for (const [, p] of paths) await load(server.base, warmup, requests(p));
    for (const [pathName, p] of paths) {
      const pg = await databaseCpuMs(database.pool);
      const r = await counted(name, server.pid, () => load(server.base, requestsPerPath, requests(p)));
      const pgMs = await databaseCpuSince(pg);
      rows.push([`${pathName} ${name}`, r.instructions / r.requests.total, pgMs / r.requests.total]);
      console.log(
        `${pathName} ${name}: ${(r.instructions / r.requests.total / 1000).toFixed(0)} k instructions`,
      );
    }
    await server.stop();
  }
  console.log(
    `\n${requestsPerPath} requests per read after ${warmup} to warm up, 8 connections; 1-minute load ` +
      `${loadStart.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after.\n`,
  );
  console.log(
    '| read | server instructions per request | ÷ floor | PostgreSQL CPU ms/req (not under valgrind) |',
  );
  console.log('|---|---:|---:|---:|');
  for (const [name, ir, pgMs] of rows)
    console.log(
      `| ${name} | ${(ir / 1000).toFixed(0)} k | ${(ir / rows[0][1]).toFixed(2)} | ${Number.isFinite(pgMs) ? pgMs.toFixed(3) : '—'} |`,
    );
});
