// soak suite (issue 10): 60 s of mixed traffic from 100 concurrent signed-in users against one production
// instance: each user has a socket open and loops over reads and writes of the screens it would use (rooms,
// chat, notifications, money, friends), with a short think time. Every answer must be a 200, and the server's
// memory must be flat once warm. RSS alone cannot say that (V8 postpones full collections under load, so RSS
// climbs with garbage and falls when idle): every 5 s the suite also forces a full collection through the
// inspector (Chrome DevTools Protocol) and reads the heap still in use, and judges on that. See
// docs/reliability.md ("Soak") for the criterion and its thresholds.
// Usage: node bench/soak.mjs   (BENCH_SOAK_SECONDS=60 to change the length; BENCH_SOAK_NODE_ARGS="--flag …" to run
// the server with V8 flags)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import WebSocket from 'ws';
import { connectInspector } from './lib/inspector.mjs';
import { percentile, writeSection } from './lib/report.mjs';
import { PASSWORD, seed } from './lib/seed.mjs';
import {
  cpuMs,
  createDatabase,
  ensureBuild,
  problemLines,
  login,
  rssMb,
  runSuite,
  sleep,
  startServer,
} from './lib/server.mjs';

const USERS = 100;
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SAMPLE_EVERY_S = 5;
const NODE_ARGS = (process.env.BENCH_SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean);
// The criterion (docs/reliability.md, "Soak"). Heap after a full collection, sampled every 5 s:
const WARM_S = 20; // JIT code, prepared statements, compiled serializers and caches fill during the first 20 s
const SLOPE_MB_PER_MIN = 2; // least-squares growth allowed from WARM_S to the end (noise measured: ±0.6 MB/min)
const HELD_MB = 2; // idle heap after the traffic (nothing in flight) allowed above the heap at WARM_S

// A deterministic generator, so that two runs send the same mix.
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** The mix: [weight, name, request(user, random)] — a request is [method, path, body?]. */
const actions = [
  [20, 'GET /rooms', () => ['GET', '/v1/rooms']],
  [
    18,
    'GET /rooms/{id}/messages',
    (u, r) => ['GET', `/v1/rooms/${u.room(r)}/messages?page=${1 + Math.floor(r() * 2)}`],
  ],
  [
    10,
    'POST /rooms/{id}/messages',
    (u, r) => ['POST', `/v1/rooms/${u.room(r)}/messages`, { content: u.say() }],
  ],
  [5, 'GET /rooms/{id}/attendees', (u, r) => ['GET', `/v1/rooms/${u.room(r)}/attendees`]],
  [10, 'GET /notifications', () => ['GET', '/v1/notifications']],
  [10, 'GET /transactions', () => ['GET', '/v1/transactions']],
  [5, 'GET /transactions?isPaid=true', () => ['GET', '/v1/transactions?isPaid=true']],
  [10, 'GET /users/{id}/friends', (u) => ['GET', `/v1/users/${u.id}/friends`]],
  [5, 'GET /users/{id}/friends/requests/count', (u) => ['GET', `/v1/users/${u.id}/friends/requests/count`]],
  [4, 'GET /rooms/invites', () => ['GET', '/v1/rooms/invites']],
  [3, 'GET /rooms/count', () => ['GET', '/v1/rooms/count']],
];
const totalWeight = actions.reduce((s, [w]) => s + w, 0);
function choose(r) {
  let x = r() * totalWeight;
  for (const a of actions) if ((x -= a[0]) < 0) return a;
  return actions[0];
}

/** Least-squares slope of (seconds, MB) points, in MB per minute. */
function slopePerMinute(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  const num = points.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  return den ? (num / den) * 60 : 0;
}

await runSuite(async () => {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  ensureBuild();
  const database = await createDatabase('soak');
  const data = await seed(database.pool, {});
  const server = await startServer({ databaseUrl: database.url, inspect: true, nodeArgs: NODE_ARGS });
  const inspector = await connectInspector(server.inspectorPort);

  // Everyone signs in through the real argon2 check, four at a time (the server hashes on a pool of four).
  const runId = randomUUID().slice(0, 8);
  const loginMs = [];
  const users = [];
  for (let i = 0; i < USERS; i += 4) {
    await Promise.all(
      data.users.slice(i, Math.min(USERS, i + 4)).map(async (u, k) => {
        const t = performance.now();
        const token = await login(server.base, u.username, PASSWORD);
        loginMs.push(performance.now() - t);
        const rooms = data.openRoomsOf(i + k).map((j) => data.roomIds[j]);
        let said = 0;
        users.push({
          ...u,
          token,
          rooms,
          room: (r) => rooms[Math.floor(r() * rooms.length)] ?? data.roomIds[0],
          say: () => `soak ${runId} ${u.username} ${said++}`,
        });
      }),
    );
  }
  // Members of no open room would get 403s from the chat calls: the seed gives every user at least one.
  const roomless = users.filter((u) => u.rooms.length === 0).length;
  if (roomless) throw new Error(`${roomless} soak users are in no open room`);

  // Sockets: one per user, as the app keeps one open.
  let frames = 0;
  let socketDrops = 0;
  let ending = false;
  const sockets = await Promise.all(
    users.map(
      (u) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`${server.base.replace(/^http/, 'ws')}/v1/ws?token=${u.token}`);
          ws.on('message', () => frames++);
          ws.on('close', () => ending || socketDrops++);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );

  const stats = new Map(actions.map(([, name]) => [name, { n: 0, errors: 0, ms: [] }]));
  const errorSamples = [];
  const rss = [];
  const heap = []; // [s, heap used after a full collection (MB)]
  const gcPauses = [];
  // RSS is read first, then the collection is forced: RSS shows what V8 had let accumulate since the last sample.
  const sample = async (t, into = heap) => {
    rss.push([t, await rssMb(server.pid)]);
    const m = await inspector.afterFullGc();
    into.push([t, m.heapUsed]);
    gcPauses.push(m.pauseMs);
    return m;
  };
  const before = await sample(-1, []); // signed in, sockets open, no traffic yet
  rss.pop();
  const cpuStart = await cpuMs(server.pid);
  const t0 = performance.now();
  const stopAt = t0 + SECONDS * 1000;
  const sampler = (async () => {
    for (let k = 0; k <= SECONDS / SAMPLE_EVERY_S; k++) {
      const wait = t0 + k * SAMPLE_EVERY_S * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      await sample(k * SAMPLE_EVERY_S);
    }
  })();
  await Promise.all(
    users.map(async (u, i) => {
      const r = rng(i + 1);
      await sleep((i * 1000) / USERS); // people arrive over the first second, not on the same millisecond
      while (performance.now() < stopAt) {
        const [, name, make] = choose(r);
        const [method, path, body] = make(u, r);
        const s = stats.get(name);
        const t = performance.now();
        try {
          const res = await fetch(`${server.base}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${u.token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${res.status}`);
        } catch (err) {
          s.errors++;
          if (errorSamples.length < 5) errorSamples.push(`${method} ${path}: ${err.message}`);
        }
        s.n++;
        s.ms.push(performance.now() - t);
        await sleep(r() * 100); // think time
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  await sampler;
  const cpu = (await cpuMs(server.pid)) - cpuStart;
  // Idle, sockets still open, nothing in flight: what the server still holds after a full collection.
  await sleep(2000);
  const idleRss = await rssMb(server.pid);
  const idle = await inspector.afterFullGc();
  inspector.close();
  ending = true;
  for (const ws of sockets) ws.close(1000);
  const posted = (
    await database.pool.query(`SELECT count(*)::int AS n FROM messages WHERE content LIKE $1`, [
      `soak ${runId} %`,
    ])
  ).rows[0].n;
  await server.stop();

  const all = [...stats.values()];
  const total = all.reduce((s, x) => s + x.n, 0);
  const errors = all.reduce((s, x) => s + x.errors, 0);
  const postsOk = stats.get('POST /rooms/{id}/messages');
  const late = rss.filter(([t]) => t >= SECONDS / 2);
  const lateMb = late.map(([, mb]) => mb);
  const spread = Math.max(...lateMb) - Math.min(...lateMb);
  const slope = slopePerMinute(late);
  const mbs = rss.map(([, mb]) => mb);
  const warm = heap.filter(([t]) => t >= WARM_S);
  const heapSlope = slopePerMinute(warm);
  const heapWarm = warm[0][1];
  const warmMbs = warm.map(([, mb]) => mb);
  const heapSpread = Math.max(...warmMbs) - Math.min(...warmMbs);
  const held = idle.heapUsed - heapWarm;
  const targets = [
    ['0 errors', errors === 0 && socketDrops === 0],
    [
      `memory flat: heap after a full collection grows at most ${SLOPE_MB_PER_MIN} MB/min from ${WARM_S} s to the end of the traffic`,
      heapSlope <= SLOPE_MB_PER_MIN,
    ],
    [
      `nothing held: heap after a full collection once idle at most ${HELD_MB} MB above the one at ${WARM_S} s`,
      held <= HELD_MB,
    ],
    ['every 200 POST stored', posted === postsOk.n - postsOk.errors],
    ['no server warnings or errors', server.problems.length === 0],
  ];
  const missed = targets.filter(([, met]) => !met).map(([w]) => w);
  const ms = (x) => x.toFixed(1);
  const allMs = all.flatMap((s) => s.ms);
  const summary = `
${USERS} users with a socket each, ${SECONDS} s of mixed calls against one production instance, a full collection
every ${SAMPLE_EVERY_S} s (1-minute load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}).

| measure | value | target |
|---|---|---|
| requests; errors | ${total} (${(total / elapsed).toFixed(0)}/s), p50 ${ms(percentile(allMs, 50))} ms, p99 ${ms(percentile(allMs, 99))} ms; ${errors} errors | 0 errors |
| heap after a full collection, slope from ${WARM_S} s | ${heapSlope.toFixed(2)} MB/min | ≤ ${SLOPE_MB_PER_MIN} MB/min |
| heap once idle against the ${WARM_S} s sample | ${held >= 0 ? '+' : ''}${held.toFixed(1)} MB | ≤ ${HELD_MB} MB above |
| messages posted and stored; socket frames dropped | ${posted} of ${postsOk.n - postsOk.errors}; ${socketDrops} | all; 0 |
| server CPU per request | ${(cpu / total).toFixed(2)} ms | — |

${missed.length ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**'}
`;
  const body = `
\`node bench/soak.mjs\` · one production instance (rate limits off) on PostgreSQL, seeded like the api suite.
${USERS} users sign in through \`POST /v1/auth\` (login p50 ${ms(percentile(loginMs, 50))} ms, p99
${ms(percentile(loginMs, 99))} ms, four at a time), open a socket each, then for ${SECONDS} s each loops: pick a
call by weight, send it, think 0–100 ms (the users start over the first second). Rooms and messages are the user's own rooms (pages 1 and 2 of
messages). The server runs with the inspector on a loopback port. 1-minute load average of the
machine: ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (2 cores, shared).

| call | weight | requests | errors | p50 ms | p99 ms |
|---|---|---|---|---|---|
${actions
  .map(([w, name]) => {
    const s = stats.get(name);
    return `| \`${name}\` | ${w} | ${s.n} | ${s.errors} | ${ms(percentile(s.ms, 50))} | ${ms(percentile(s.ms, 99))} |`;
  })
  .join('\n')}
| **all** | ${totalWeight} | ${total} (${(total / elapsed).toFixed(0)}/s) | ${errors} | ${ms(
    percentile(
      all.flatMap((s) => s.ms),
      50,
    ),
  )} | ${ms(
    percentile(
      all.flatMap((s) => s.ms),
      99,
    ),
  )} |

Sockets: ${frames} frames received, ${socketDrops} dropped by the server. Messages posted and stored:
${posted} of ${postsOk.n - postsOk.errors} answered 200. Server CPU: ${(cpu / 1000).toFixed(1)} s over
${elapsed.toFixed(0)} s (${(cpu / total).toFixed(2)} ms per request).
${errorSamples.length ? `\nFirst errors: ${errorSamples.map((e) => `\`${e}\``).join(', ')}\n` : ''}
Memory, every ${SAMPLE_EVERY_S} s from the start of the traffic: RSS read first, then a full collection forced
through the inspector (\`HeapProfiler.collectGarbage\`, pause p50 ${percentile(gcPauses, 50).toFixed(0)} ms, max
${Math.max(...gcPauses).toFixed(0)} ms) and the heap still used after it read (\`process.memoryUsage().heapUsed\`).

| s | ${heap.map(([t]) => t).join(' | ')} | idle |
|---|${heap.map(() => '---|').join('')}---|
| heap after full GC (MB) | ${heap.map(([, mb]) => mb.toFixed(1)).join(' | ')} | ${idle.heapUsed.toFixed(1)} |
| RSS before it (MB) | ${mbs.map((x) => x.toFixed(0)).join(' | ')} | ${idleRss.toFixed(0)} |

Heap after a full collection: ${before.heapUsed.toFixed(1)} MB signed in with sockets open before the traffic,
${heapWarm.toFixed(1)} MB at ${WARM_S} s; from ${WARM_S} s to the end: slope ${heapSlope.toFixed(2)} MB/min, spread
${heapSpread.toFixed(1)} MB; idle after the traffic ${idle.heapUsed.toFixed(1)} MB (${held >= 0 ? '+' : ''}${held.toFixed(1)} MB
against ${WARM_S} s). RSS over the last ${SECONDS / 2} s: spread ${spread.toFixed(1)} MB, slope ${slope.toFixed(1)}
MB/min; ${idleRss.toFixed(0)} MB idle before the last collection, ${idle.rss.toFixed(0)} MB after it (RSS is
reported, not judged: it moves with when V8 chooses to collect and to return pages, see docs/reliability.md).
${NODE_ARGS.length ? `Server node flags: \`${NODE_ARGS.join(' ')}\`. ` : ''}Server warnings/errors logged: ${server.problems.length}.
Suite time: ${Math.round((Date.now() - started) / 1000)} s.

Why memory is judged this way (docs/reliability.md, "Soak"): RSS climbs under load while V8 postpones full
collections and falls when the server is idle, so it failed a server that does not leak and passed one that does.
The heap after a forced full collection is what the server still holds. From ${WARM_S} s (the warm-up fills code,
prepared statements and bounded caches) its least-squares slope may be at most ${SLOPE_MB_PER_MIN} MB/min and the
idle heap at most ${HELD_MB} MB above the ${WARM_S} s sample; without a leak, six runs gave slopes of −0.60 to
+0.74 MB/min and idle heaps 0.3–1.7 MB below it. A leak injected for the test (every request's body and headers
kept in a module-level array) failed both: 6.9 MB/min and +3.9 MB, while its RSS over the last 30 s moved by only
9.2 MB. A leak of ~60 bytes per request (~0.8 MB/min) is below what a 60 s run resolves. The forced collections
pause the server (figures above) and their pauses are in the latencies.

${problemLines(server)}
${missed.length ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**'}
`;
  await writeSection('soak', 'Soak (`node bench/soak.mjs`)', summary, body);
});
