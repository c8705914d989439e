// Where the server's CPU goes per request (not a suite: it writes nothing into docs/performance.md). The api
// suite's database and load (the three authenticated reads, requests rotating over ten signed-in users), one
// production instance per variant with the inspector on a loopback port; while autocannon runs, the V8 sampling
// profiler records the server, and the profile is reduced to components (bench/lib/cpu-profile.mjs). Prints, per
// endpoint and variant, each component's µs of CPU per request: its share of the profile's samples times the
// server's CPU per request read from /proc over the same run.
//
//   node bench/profile.mjs
//   BENCH_VARIANTS='{"before":{"main":"apps/server-before/dist/main.js"},"after":{}}' node bench/profile.mjs
//
// BENCH_SECONDS (5), BENCH_CONNECTIONS (50), BENCH_PATHS (rooms,transactions,messages), BENCH_REPS (1: profiles of
// the repeats are added up), BENCH_PROFILE_DIR (writes each .cpuprofile there, for Chrome's DevTools).
import { writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_ORDER, summariseProfile } from './lib/cpu-profile.mjs';
import { connectInspector } from './lib/inspector.mjs';
import { cannon } from './lib/load.mjs';
import { PASSWORD, seed } from './lib/seed.mjs';
import { createDatabase, cpuMs, login, root, runSuite, startServer } from './lib/server.mjs';

const variants = JSON.parse(process.env.BENCH_VARIANTS ?? '{"current":{}}');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const reps = Number(process.env.BENCH_REPS ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const wanted = (process.env.BENCH_PATHS ?? 'rooms,transactions,messages').split(',');
const profileDir = process.env.BENCH_PROFILE_DIR;

await runSuite(async () => {
  const loadStart = os.loadavg()[0];
  const database = await createDatabase('profile');
  const data = await seed(database.pool, { users: 1000, rooms: 200, messages: 5000, drivers: 10 });
  const servers = [];
  for (const [name, v] of Object.entries(variants)) {
    const server = await startServer({
      databaseUrl: database.url,
      env: v.env ?? {},
      name,
      inspect: true,
      ...(v.main ? { main: path.resolve(root, v.main) } : {}),
      ...(v.flags ? { flags: v.flags } : {}),
    });
    const inspector = await connectInspector(server.inspectorPort);
    await inspector.send('Profiler.enable');
    // 100 µs: a read costs a few hundred µs of CPU, so the default 1 ms would give each request a sample or none.
    await inspector.send('Profiler.setSamplingInterval', { interval: 100 });
    servers.push({ ...server, inspector });
  }
  const drivers = await Promise.all(
    data.drivers.map(async (d) => ({ ...d, token: await login(servers[0].base, d.username, PASSWORD) })),
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
      setupRequest: (req) => {
        const d = drivers[seq++ % drivers.length];
        return { ...req, path: p, headers: { authorization: `Bearer ${d.token}` } };
      },
    },
  ];
  for (const s of servers)
    for (const [, p] of paths) await cannon({ url: s.base, connections, seconds: 1, requests: requests(p) });

  const results = new Map(); // `${path} ${variant}` → { ms: Map, total, cpu, n }
  for (let rep = 0; rep < reps; rep++)
    for (const [pathName, p] of paths)
      for (const s of servers) {
        const cpu0 = await cpuMs(s.pid);
        await s.inspector.send('Profiler.start');
        const r = await cannon({ url: s.base, connections, seconds, requests: requests(p) });
        const { profile } = await s.inspector.send('Profiler.stop');
        const cpu = (await cpuMs(s.pid)) - cpu0;
        if (profileDir) {
          await mkdir(profileDir, { recursive: true });
          await writeFile(
            path.join(profileDir, `${pathName}-${s.name}-${rep}.cpuprofile`),
            JSON.stringify(profile),
          );
        }
        const { ms, total } = summariseProfile(profile);
        const key = `${pathName} ${s.name}`;
        const acc = results.get(key) ?? { ms: new Map(), total: 0, cpu: 0, n: 0, rps: [] };
        for (const [c, x] of ms) acc.ms.set(c, (acc.ms.get(c) ?? 0) + x);
        acc.total += total;
        acc.cpu += cpu;
        acc.n += r.total;
        acc.rps.push(r.rps);
        results.set(key, acc);
      }

  console.log(
    `${connections} connections, ${reps} × ${seconds} s per case, 1-minute load ${loadStart.toFixed(1)} before, ` +
      `${os.loadavg()[0].toFixed(1)} after. µs of server CPU per request by component (share of the profile's ` +
      `samples × server CPU per request); the profiler's own cost is in the totals.\n`,
  );
  const keys = [...results.keys()];
  console.log(`| component | ${keys.join(' | ')} |`);
  console.log(`|---|${keys.map(() => '---:').join('|')}|`);
  const perReq = (acc, c) => ((acc.ms.get(c) ?? 0) / acc.total) * (acc.cpu / acc.n) * 1000;
  const categories = CATEGORY_ORDER.filter((c) => keys.some((k) => results.get(k).ms.get(c)));
  for (const c of categories)
    console.log(
      `| ${c} | ${keys
        .map((k) => {
          const acc = results.get(k);
          return `${perReq(acc, c).toFixed(0)} (${(((acc.ms.get(c) ?? 0) / acc.total) * 100).toFixed(0)} %)`;
        })
        .join(' | ')} |`,
    );
  console.log(
    `| **server CPU per request** | ${keys.map((k) => `**${((results.get(k).cpu / results.get(k).n) * 1000).toFixed(0)}**`).join(' | ')} |`,
  );
  console.log(
    `| req/s (with the profiler) | ${keys
      .map((k) =>
        results
          .get(k)
          .rps.map((x) => x.toFixed(0))
          .join(', '),
      )
      .join(' | ')} |`,
  );
  for (const s of servers) s.inspector.close();
});
