// api suite (issues 9 and 22): autocannon at 50 and 200 connections against the production build on PostgreSQL
// seeded with 1,000 users, 200 rooms and 5,000 messages, compared with a bare Fastify hello-world and the query
// floor measured in the same run, interleaved (baseline, floor, the four endpoints, …) and repeated; figures are
// medians over the repeats. The reads are measured twice: as the server answers them (with its answer cache,
// decision 012) and, at 50 connections, by a second instance with the cache off (`ANSWER_CACHE_MS=0`), the cost of
// reading the database every time.
// Besides req/s it reads the CPU time each request cost the server and PostgreSQL, which the other processes
// on a shared machine disturb far less than req/s.
// Usage: node bench/api.mjs   (BENCH_REPS=3, BENCH_SECONDS=4 to change the repeats and the length of a run)
import { reconcileSeeded } from './lib/ledger-reconcile.mjs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { cannon, startBaseline } from './lib/load.mjs';
import { median, writeSection } from './lib/report.mjs';
import { PASSWORD, seed } from './lib/seed.mjs';
import {
  api,
  cpuMs,
  createDatabase,
  databaseCpuMs,
  databaseCpuSince,
  ensureBuild,
  problemLines,
  login,
  runSuite,
  SERVER_NODE_FLAGS,
  serverDist,
  sleep,
  startServer,
} from './lib/server.mjs';

const reps = Number(process.env.BENCH_REPS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const levels = [50, 200];
const FLOOR = 'floor: hello-world + `SELECT 1`';

await runSuite(async () => {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  ensureBuild();
  const database = await createDatabase('api');
  const data = await seed(database.pool, { users: 1000, rooms: 200, messages: 5000, drivers: 10 });
  await reconcileSeeded(database.pool);
  // The server runs with its default pool size (read from its own configuration), and the query floor with the same.
  const { loadConfig } = await import(path.join(serverDist, 'config.js'));
  const poolSize = loadConfig({}).databasePoolSize;
  const server = await startServer({ databaseUrl: database.url });
  const uncached = await startServer({
    databaseUrl: database.url,
    name: 'uncached',
    env: { ANSWER_CACHE_MS: '0' },
  });
  const baseline = await startBaseline();
  const floor = await startBaseline(database.url, poolSize);
  const drivers = await Promise.all(
    data.drivers.map(async (d) => ({ ...d, token: await login(server.base, d.username, PASSWORD) })),
  );
  const [readRoom, postRoom] = data.roomIds;

  // The seed must be visible through the API, or the figures would measure empty answers.
  const me = drivers[0];
  const seen = {
    rooms: (await api(server.base, me.token, 'GET', '/v1/rooms')).length,
    transactions: (await api(server.base, me.token, 'GET', '/v1/transactions')).length,
    messages: (await api(server.base, me.token, 'GET', `/v1/rooms/${readRoom}/messages`)).messages.length,
  };
  if (!seen.rooms || !seen.transactions || seen.messages !== 20)
    throw new Error(`seed not visible through the API: ${JSON.stringify(seen)}`);
  const count = async (q, params = []) => (await database.pool.query(q, params)).rows[0].n;
  const seeded = {
    users: await count('SELECT count(*)::int AS n FROM users'),
    rooms: await count('SELECT count(*)::int AS n FROM rooms'),
    closed: await count('SELECT count(*)::int AS n FROM rooms WHERE is_closed'),
    messages: await count('SELECT count(*)::int AS n FROM messages'),
    inReadRoom: await count('SELECT count(*)::int AS n FROM messages WHERE room_id = $1', [readRoom]),
    transactions: await count('SELECT count(*)::int AS n FROM transactions'),
    members: await count('SELECT count(*)::int AS n FROM room_members'),
  };

  // Every request of the app goes out as the next of the signed-in users; the baseline does the same
  // bookkeeping per request so that the load generator costs both sides alike.
  const runId = randomUUID().slice(0, 8);
  let seq = 0;
  const rotate = (method, path, withBody) => [
    {
      method,
      setupRequest: (req) => {
        const k = seq++;
        const d = drivers[k % drivers.length];
        return {
          ...req,
          path,
          headers: {
            authorization: `Bearer ${d.token}`,
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          body: withBody ? JSON.stringify({ content: `bench ${runId} ${k} from ${d.username}` }) : undefined,
        };
      },
    },
  ];
  const cases = [
    { name: 'GET /v1/rooms', kind: 'read', requests: rotate('GET', '/v1/rooms') },
    { name: 'GET /v1/transactions', kind: 'read', requests: rotate('GET', '/v1/transactions') },
    {
      name: 'GET /v1/rooms/{id}/messages',
      kind: 'read',
      requests: rotate('GET', `/v1/rooms/${readRoom}/messages`),
    },
    {
      name: 'POST /v1/rooms/{id}/messages',
      kind: 'write',
      requests: rotate('POST', `/v1/rooms/${postRoom}/messages`, true),
    },
  ];
  const hello = rotate('GET', '/');

  /** One autocannon run with the CPU time it cost `pid` and (for the app) the database backends. */
  const measure = async (target, pid, connections, requests) => {
    const pg = await databaseCpuMs(database.pool);
    const cpu0 = await cpuMs(pid);
    const r = await cannon({ url: target, connections, seconds, requests });
    const cpu = (await cpuMs(pid)) - cpu0;
    const pgMs = await databaseCpuSince(pg);
    return { ...r, cpuPerReq: cpu / r.total, pgPerReq: target === baseline.base ? 0 : pgMs / r.total };
  };

  // JIT and connection pools warm before anything is recorded.
  for (const c of cases)
    await cannon({ url: server.base, connections: 50, seconds: 1, requests: c.requests });
  const uncachedCases = cases
    .filter((c) => c.kind === 'read')
    .map((c) => ({ ...c, name: `${c.name} (cache off)`, kind: 'uncached', server: uncached }));
  for (const c of uncachedCases)
    await cannon({ url: uncached.base, connections: 50, seconds: 1, requests: c.requests });
  await cannon({ url: baseline.base, connections: 50, seconds: 1, requests: hello });
  await cannon({ url: floor.base, connections: 50, seconds: 1, requests: hello });

  const results = new Map(); // `${name}@${connections}` → runs
  const record = (name, connections, r) => {
    const key = `${name}@${connections}`;
    results.set(key, [...(results.get(key) ?? []), r]);
  };
  let okPosts = 0;
  for (let rep = 0; rep < reps; rep++) {
    for (const connections of levels) {
      const base = await measure(baseline.base, baseline.pid, connections, hello);
      record('baseline', connections, { ...base, ratio: 1, cpuRatio: 1, floorRatio: NaN });
      const fl = await measure(floor.base, floor.pid, connections, hello);
      record(FLOOR, connections, {
        ...fl,
        ratio: fl.rps / base.rps,
        cpuRatio: base.cpuPerReq / (fl.cpuPerReq + fl.pgPerReq),
        floorRatio: 1,
      });
      for (const c of [...cases, ...(connections === 50 ? uncachedCases : [])]) {
        const s = c.server ?? server;
        const r = await measure(s.base, s.pid, connections, c.requests);
        if (c.kind === 'write') okPosts += r.ok;
        const cpuRatio = base.cpuPerReq / (r.cpuPerReq + r.pgPerReq);
        record(c.name, connections, { ...r, ratio: r.rps / base.rps, cpuRatio, floorRatio: r.rps / fl.rps });
        console.log(
          `rep ${rep + 1} ${c.name} @${connections}: ${r.rps.toFixed(0)} req/s (baseline ${base.rps.toFixed(0)}), ` +
            `p99 ${r.p99} ms, CPU ${r.cpuPerReq.toFixed(2)} + ${r.pgPerReq.toFixed(2)} ms/req`,
        );
      }
    }
  }
  const { n: stored, distinct } = (
    await database.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT content)::int AS distinct FROM messages
       WHERE room_id = $1 AND content LIKE $2`,
      [postRoom, `bench ${runId} %`],
    )
  ).rows[0];
  // Requests autocannon abandoned at the end of its last run may still be running: let them finish before the
  // shutdown, so that they are not counted as errors of the load.
  await sleep(2000);
  await server.stop();
  await uncached.stop();

  const rows = [];
  const shortRows = [];
  const missed = [];
  const fixed = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '—');
  for (const name of ['baseline', FLOOR, ...[...cases, ...uncachedCases].map((c) => c.name)]) {
    const kind = [...cases, ...uncachedCases].find((c) => c.name === name)?.kind;
    for (const connections of levels) {
      const runs = results.get(`${name}@${connections}`);
      if (!runs) continue;
      const m = (f) => median(runs.map(f));
      const errors = runs.reduce((s, r) => s + r.errors, 0);
      const non2xx = runs.reduce((s, r) => s + r.non2xx, 0);
      const checks = [];
      if (kind === 'read') checks.push(['ratio to floor ≥ 0.25', m((r) => r.floorRatio) >= 0.25]);
      if (kind === 'write') checks.push(['ratio ≥ 0.1', m((r) => r.ratio) >= 0.1]);
      if (kind === 'read' || kind === 'write') {
        if (connections === 200) checks.push(['p99 ≤ 100 ms', m((r) => r.p99) <= 100]);
        checks.push(['0 errors', errors + non2xx === 0]);
        for (const [what, met] of checks)
          if (!met) missed.push(`${name} at ${connections} connections: ${what}`);
      }
      shortRows.push(
        `| ${name} | ${connections} | ${m((r) => r.rps).toFixed(0)} | ${name === 'baseline' ? '1' : m((r) => r.ratio).toFixed(3)} | ` +
          `${kind ? m((r) => r.floorRatio).toFixed(2) : name === FLOOR ? '1' : '—'} | ${m((r) => r.p99)} | ${errors + non2xx} | ` +
          `${checks.map(([w, met]) => `${met ? '✅' : '❌'} ${w}`).join(', ') || '—'} |`,
      );
      rows.push(
        `| ${name} | ${connections} | ${m((r) => r.rps).toFixed(0)} | ${name === 'baseline' ? '1' : m((r) => r.ratio).toFixed(3)} | ` +
          `${kind ? m((r) => r.floorRatio).toFixed(2) : name === FLOOR ? '1' : '—'} | ` +
          `${m((r) => r.p50)} | ${m((r) => r.p99)} | ${errors} | ${non2xx} | ${fixed(m((r) => r.cpuPerReq))} | ` +
          `${name === 'baseline' ? '—' : fixed(m((r) => r.pgPerReq))} | ${
            name !== 'baseline'
              ? fixed(
                  m((r) => r.cpuRatio),
                  3,
                )
              : '1'
          } | ` +
          `${checks.map(([w, met]) => `${met ? '✅' : '❌'} ${w}`).join(', ') || '—'} |`,
      );
    }
  }
  if (stored !== distinct) missed.push(`POST stored ${stored - distinct} duplicate messages`);
  if (stored < okPosts) missed.push(`POST answered 200 for ${okPosts - stored} messages that are not stored`);
  const problems = server.problems.length + uncached.problems.length;
  if (problems) missed.push(`the server logged ${problems} warnings or errors`);

  // Why the req/s ratios are what they are: CPU per request, which the machine's other load disturbs less.
  const cpuOf = (name) =>
    median(levels.flatMap((l) => results.get(`${name}@${l}`).map((r) => r.cpuPerReq + r.pgPerReq)));
  const appCpu = cases.map((c) => cpuOf(c.name));
  const baseCpu = cpuOf('baseline');
  const floorRatio = median(levels.flatMap((l) => results.get(`${FLOOR}@${l}`).map((r) => r.ratio)));
  const floorCpu = cpuOf(FLOOR);
  const cpuNote =
    `CPU per request: the baseline ${baseCpu.toFixed(3)} ms; the query floor ${floorCpu.toFixed(2)} ms (process + ` +
    `PostgreSQL); the endpoints ${Math.min(...appCpu).toFixed(2)}–${Math.max(...appCpu).toFixed(2)} ms, ` +
    `${Math.round(Math.min(...appCpu) / baseCpu)}–${Math.round(Math.max(...appCpu) / baseCpu)}× the baseline and ` +
    `${(Math.min(...appCpu) / floorCpu).toFixed(1)}–${(Math.max(...appCpu) / floorCpu).toFixed(1)}× the floor. ` +
    `When both are CPU-bound on the same two cores, req/s divide about as CPU per request does. The floor, a ` +
    `hello-world that runs one \`SELECT 1\` per request and does nothing else, reaches ${floorRatio.toFixed(2)} of ` +
    `the baseline's req/s in this run: that is the ceiling of the ratio for any answer that reads the database ` +
    `once, on this machine. At 200 connections a closed loop answers in about 200 ÷ req/s, so p99 ≤ 100 ms needs ` +
    `well over 2,000 req/s; the baseline's own p99 there was ` +
    `${median(results.get('baseline@200').map((r) => r.p99))} ms. With the answer cache off, the same reads cost ` +
    `${uncachedCases.map((c) => median(results.get(`${c.name}@50`).map((r) => r.cpuPerReq + r.pgPerReq)).toFixed(2)).join(', ')} ms ` +
    `(server + PostgreSQL, 50 connections; rooms, transactions, messages): what every request of a reader costs ` +
    `when something is written between two of its reads.`;
  const verdictLine = missed.length
    ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}`
    : '**All targets met.**';
  const summary = `
autocannon against the production build, ${seconds} s × ${reps} repeats (medians) at 50 and 200 connections, beside a
hello-world baseline and the query floor (hello-world + \`SELECT 1\`); the reads with the answer cache on (its
best case, nothing written between them) and, at 50 connections, off. 1-minute load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}.

| endpoint | connections | req/s | ratio to baseline | ratio to floor | p99 ms | errors + non-2xx | targets |
|---|---|---|---|---|---|---|---|
${shortRows.join('\n')}

${verdictLine}
`;
  const body = `
\`node bench/api.mjs\` · production build (\`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js\` as \`npm start\` runs it, \`NODE_ENV=production\`,
\`LOG_LEVEL=warn\`, \`RATE_LIMITS=off\`) on PostgreSQL at 127.0.0.1 (fresh database, pool of ${poolSize}, the
default on this machine), seeded with
SQL: ${seeded.users} verified users (10 friends each), ${seeded.rooms} rooms (${seeded.closed} closed) with
${seeded.members} memberships, ${seeded.messages} messages (${seeded.inReadRoom} in the room read),
${seeded.transactions} transactions, then \`VACUUM ANALYZE\` (the state autovacuum leaves; it is off on this machine's PostgreSQL). Requests rotate over ${drivers.length} users signed in with
\`POST /v1/auth\`; the first of them sees ${seen.rooms} rooms and ${seen.transactions} unpaid transactions; the
messages read are the newest page of 20. Baseline: a bare Fastify hello-world (\`GET /\`) in its own process,
given the same per-request setup; the query floor: the same hello-world answering after one \`SELECT 1\` (a
prepared statement, through \`pg\` on a pool of ${poolSize}, as the app's queries go). Each of ${reps} repeats
measures the baseline, the floor, then the four endpoints for
${seconds} s each at 50, then at 200 connections (autocannon, in the bench process on the same machine); at 50
connections also the three reads on a second instance with the answer cache off (\`ANSWER_CACHE_MS=0\`, rows
"cache off"). The reads repeat with nothing written between them, the answer cache's best case (decision 012): the
server's rows measure its hits (one read per user and second), the "cache off" rows the read itself. Medians
over the repeats; errors and non-2xx summed. Ratio = req/s ÷ the baseline's (or the floor's) req/s in the same
repeat. CPU/req =
CPU time of the server process (and of the database's backends) over the requests answered; CPU ratio = the
baseline's CPU/req ÷ the endpoint's (server + PostgreSQL). 1-minute load average: ${loadBefore.toFixed(1)}
before, ${os.loadavg()[0].toFixed(1)} after (2 cores shared with other work).

| endpoint | connections | req/s | ratio to baseline | ratio to floor | p50 ms | p99 ms | errors | non-2xx | server CPU ms/req | PostgreSQL CPU ms/req | CPU ratio | targets |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${cpuNote}

POST check: ${okPosts} messages answered 200 in the measured runs; the room holds ${stored} messages of this run
(the rest are the warm-up's and requests cut off at the end of a run), ${distinct} distinct
(${stored === distinct ? 'no duplicates' : 'DUPLICATES'}, ${stored >= okPosts ? 'none lost' : 'SOME LOST'}).
Server warnings/errors logged: ${problems}. Suite time: ${Math.round((Date.now() - started) / 1000)} s.

${problemLines(server, uncached)}
${missed.length ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**'}
`;
  await writeSection('api', 'API throughput (`node bench/api.mjs`)', summary, body);
});
