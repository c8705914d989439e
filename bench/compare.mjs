// Before/after comparison of server builds or settings (not a suite: it writes nothing into docs/performance.md).
// One seeded database (as the api suite's), one instance per variant, the read endpoints measured in turn, variant
// after variant, for REPS rounds; prints req/s, p99 and the CPU each request cost the server and PostgreSQL. Each
// round also measures the api suite's query floor (a hello-world answering after one prepared `SELECT 1`, on a
// pool of the server's default size) right before the endpoints, and every endpoint's req/s is divided by the
// floor's of its round: a ratio the machine's other load moves far less than req/s.
//
//   BENCH_VARIANTS='{"before":{"main":"/path/to/old/apps/server/dist/main.js"},"after":{}}' node bench/compare.mjs
//   BENCH_VARIANTS='{"pool4":{"env":{"DATABASE_POOL_SIZE":"4"}},"pool20":{"env":{"DATABASE_POOL_SIZE":"20"}}}' …
//   BENCH_VARIANTS='{"default-gc":{"flags":[]},"production":{}}' …   (node flags instead of production's)
//
// BENCH_REPS (3), BENCH_SECONDS (4), BENCH_CONNECTIONS (50), BENCH_PATHS (rooms,transactions,messages; `post` adds
// the api suite's POST /v1/rooms/{id}/messages, each request a new message from the next signed-in user).
import os from 'node:os';
import path from 'node:path';
import { cannon, startBaseline } from './lib/load.mjs';
import { PASSWORD, seed } from './lib/seed.mjs';
import {
  createDatabase,
  cpuMs,
  databaseCpuMs,
  databaseCpuSince,
  login,
  runSuite,
  serverDist,
  startServer,
} from './lib/server.mjs';

const variants = JSON.parse(process.env.BENCH_VARIANTS ?? '{"current":{}}');
const reps = Number(process.env.BENCH_REPS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const wanted = (process.env.BENCH_PATHS ?? 'rooms,transactions,messages').split(',');

await runSuite(async () => {
  const loadStart = os.loadavg()[0];
  const database = await createDatabase('compare');
  const data = await seed(database.pool, { users: 1000, rooms: 200, messages: 5000, drivers: 10 });
  const { loadConfig } = await import(path.join(serverDist, 'config.js'));
  const floor = await startBaseline(database.url, loadConfig({}).databasePoolSize);
  const servers = [];
  for (const [name, v] of Object.entries(variants))
    servers.push(
      await startServer({
        databaseUrl: database.url,
        env: v.env ?? {},
        name,
        ...(v.main ? { main: v.main } : {}),
        ...(v.flags ? { flags: v.flags } : {}),
      }),
    );
  const drivers = await Promise.all(
    data.drivers.map(async (d) => ({ ...d, token: await login(servers[0].base, d.username, PASSWORD) })),
  );
  const paths = Object.entries({
    rooms: '/v1/rooms',
    transactions: '/v1/transactions',
    messages: `/v1/rooms/${data.roomIds[0]}/messages`,
    post: `/v1/rooms/${data.roomIds[1]}/messages`,
  }).filter(([k]) => wanted.includes(k));
  let seq = 0;
  const requests = (path) => [
    {
      method: path === paths.find(([k]) => k === 'post')?.[1] ? 'POST' : 'GET',
      setupRequest: (req) => {
        const k = seq++;
        const d = drivers[k % drivers.length];
        const post = req.method === 'POST';
        return {
          ...req,
          path,
          headers: {
            authorization: `Bearer ${d.token}`,
            ...(post ? { 'content-type': 'application/json' } : {}),
          },
          body: post ? JSON.stringify({ content: `compare ${k} from ${d.username}` }) : undefined,
        };
      },
    },
  ];
  const hello = [{ method: 'GET', path: '/' }];
  await cannon({ url: floor.base, connections, seconds: 1, requests: hello });
  for (const s of servers)
    for (const [, path] of paths)
      await cannon({ url: s.base, connections, seconds: 1, requests: requests(path) });
  const results = new Map();
  for (let rep = 0; rep < reps; rep++) {
    for (const [pathName, path] of paths) {
      const pg0 = await databaseCpuMs(database.pool);
      const cpu0 = await cpuMs(floor.pid);
      const f = await cannon({ url: floor.base, connections, seconds, requests: hello });
      const floorServer = ((await cpuMs(floor.pid)) - cpu0) / f.total;
      const floorDb = (await databaseCpuSince(pg0)) / f.total;
      const floorKey = `${pathName} (floor)`;
      results.set(floorKey, [
        ...(results.get(floorKey) ?? []),
        { rps: f.rps, p99: f.p99, server: floorServer, db: floorDb, bad: f.errors + f.non2xx, ratio: 1 },
      ]);
      for (const s of servers) {
        const pg = await databaseCpuMs(database.pool);
        const cpu0 = await cpuMs(s.pid);
        const r = await cannon({ url: s.base, connections, seconds, requests: requests(path) });
        const server = ((await cpuMs(s.pid)) - cpu0) / r.total;
        const db = (await databaseCpuSince(pg)) / r.total;
        const key = `${pathName} ${s.name}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          { rps: r.rps, p99: r.p99, server, db, bad: r.errors + r.non2xx, ratio: r.rps / f.rps },
        ]);
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(
    `${connections} connections, 1-minute load ${loadStart.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, ` +
      `${reps} × ${seconds} s, medians (every run in brackets)`,
  );
  for (const [key, runs] of results) {
    const f = (get, d) =>
      `${median(runs.map(get)).toFixed(d)} [${runs.map((r) => get(r).toFixed(d)).join(' ')}]`;
    console.log(
      `${key.padEnd(24)} req/s ${f((r) => r.rps, 0)}  ÷ floor ${f((r) => r.ratio, 3)}  p99 ${f((r) => r.p99, 0)}  ` +
        `server ms/req ${f((r) => r.server, 3)}` +
        `  PostgreSQL ms/req ${f((r) => r.db, 3)}  errors ${runs.reduce((n, r) => n + r.bad, 0)}`,
    );
  }
});
