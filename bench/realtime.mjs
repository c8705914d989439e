// realtime suite (issue 9): 1,000 sockets across two production instances that share PostgreSQL and Redis, all
// members of one room; 200 messages posted over HTTP at 20/s, alternately through either instance. Every socket
// must receive every message exactly once; delivery latency runs from just before the POST to the frame's arrival.
// Memory: each instance's RSS before any socket and after 1,000 idle sockets have settled.
// Usage: node bench/realtime.mjs
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { connectInspector } from './lib/inspector.mjs';
import { percentile, writeSection } from './lib/report.mjs';
import { seed } from './lib/seed.mjs';
import {
  api,
  cpuMs,
  createDatabase,
  ensureBuild,
  problemLines,
  REDIS_URL,
  runSuite,
  settledRssMb,
  sleep,
  startServer,
  tokenSigner,
} from './lib/server.mjs';

const SOCKETS = 1000;
const MESSAGES = 200;
const PER_SECOND = 20;
const now = () => performance.timeOrigin + performance.now();

/** A worker holding `tokens.length` sockets on one instance; resolves once every socket is open (or failed). */
function socketWorker(server, tokens, prefix) {
  const worker = new Worker(new URL('./lib/socket-worker.mjs', import.meta.url), {
    workerData: {
      wsBase: server.base.replace(/^http/, 'ws'),
      tokens,
      prefix,
      messages: MESSAGES,
      concurrency: 25,
    },
  });
  const waiters = new Map();
  worker.on('message', (m) => waiters.get(m.type)?.(m));
  worker.on('error', (err) => {
    for (const w of waiters.values()) w(Promise.reject(err));
  });
  const next = (type) => new Promise((resolve) => waiters.set(type, resolve));
  return {
    connected: next('connected'),
    report: () => {
      const p = next('report');
      worker.postMessage('report');
      return p;
    },
    close: async () => {
      const p = next('closed');
      worker.postMessage('close');
      await p;
      await worker.terminate();
    },
  };
}

await runSuite(async () => {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  ensureBuild();
  const database = await createDatabase('realtime');
  const data = await seed(database.pool, { users: SOCKETS, everyoneInRoom0: true });
  const env = { REDIS_URL };
  const [a, b] = await Promise.all([
    startServer({ databaseUrl: database.url, env, name: 'instance A', inspect: true }),
    startServer({ databaseUrl: database.url, env, name: 'instance B', inspect: true }),
  ]);
  // Memory is read after a full collection on each instance: RSS otherwise also counts garbage that V8 has not
  // collected yet, which grows with the young generation the server runs with (SERVER_NODE_FLAGS), not with sockets.
  const inspectors = await Promise.all([a, b].map((s) => connectInspector(s.inspectorPort)));
  const collectedRss = async () => {
    const heaps = [];
    for (const inspector of inspectors) heaps.push((await inspector.afterFullGc()).heapUsed);
    return { rss: [await settledRssMb(a.pid), await settledRssMb(b.pid)], heap: heaps };
  };
  // Signing like the server does (logging in 1,000 users would spend a minute in argon2 for nothing measured).
  const signer = await tokenSigner();
  const tokens = await Promise.all(
    data.users.map((u) =>
      signer.sign({ id: u.id, email: `${u.username}@example.com`, username: u.username, pictureUrl: '' }),
    ),
  );
  const room = data.roomIds[0];
  const post = (server, content) =>
    api(server.base, tokens[0], 'POST', `/v1/rooms/${room}/messages`, { content });

  // Both instances run the post and fan-out paths once before the "before" memory is read.
  for (const s of [a, b]) for (let i = 0; i < 5; i++) await post(s, 'warm-up');
  await sleep(1000);
  const beforeGc = await collectedRss();
  const before = beforeGc.rss;

  const prefix = `rt ${randomUUID().slice(0, 8)} `;
  const half = (parity) => tokens.filter((_, i) => i % 2 === parity);
  const workers = [socketWorker(a, half(0), prefix), socketWorker(b, half(1), prefix)];
  const connected = await Promise.all(workers.map((w) => w.connected));
  const connectFailures = connected.reduce((s, c) => s + c.failed, 0);
  await sleep(3000); // idle: presence updates done, nothing in flight
  const online = (await database.pool.query('SELECT count(*)::int AS n FROM users WHERE is_online')).rows[0]
    .n;
  const idleGc = await collectedRss();
  const idle = idleGc.rss;

  // One second of unmeasured traffic first, so that the fan-out to real sockets is compiled before it is timed.
  for (let i = 0; i < PER_SECOND; i++) {
    await post(i % 2 ? b : a, 'warm-up');
    await sleep(1000 / PER_SECOND);
  }
  await sleep(1000);

  // 20 messages a second on a fixed clock: a slow answer must not slow the rate down.
  const cpuBefore = [await cpuMs(a.pid), await cpuMs(b.pid)];
  const clientCpuBefore = process.cpuUsage();
  const t0 = now() + 100;
  const answers = [];
  const postMs = [];
  for (let seq = 0; seq < MESSAGES; seq++) {
    const wait = t0 + (seq * 1000) / PER_SECOND - now();
    if (wait > 0) await sleep(wait);
    const sentAt = now();
    answers.push(
      post(seq % 2 ? b : a, `${prefix}${seq} ${sentAt.toFixed(3)}`).then(
        () => (postMs.push(now() - sentAt), null),
        (err) => err.message,
      ),
    );
  }
  const postErrors = (await Promise.all(answers)).filter(Boolean);
  const postSeconds = (now() - t0) / 1000;

  // Wait for the last frames (at most 10 s), then count.
  const expected = SOCKETS * MESSAGES;
  let reports;
  for (const deadline = Date.now() + 10_000; ;) {
    reports = await Promise.all(workers.map((w) => w.report()));
    const got = reports.reduce((s, r) => s + r.counts.reduce((n, c) => n + (c > 0 ? 1 : 0), 0), 0);
    if (got >= expected || Date.now() > deadline) break;
    await sleep(250);
  }
  const cpu = [(await cpuMs(a.pid)) - cpuBefore[0], (await cpuMs(b.pid)) - cpuBefore[1]];
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const afterTraffic = [await settledRssMb(a.pid), await settledRssMb(b.pid)];
  let once = 0;
  let missing = 0;
  let duplicated = 0;
  for (const r of reports)
    for (const c of r.counts) {
      if (c === 1) once++;
      else if (c === 0) missing++;
      else duplicated++;
    }
  const latencies = reports.flatMap((r) => [...r.latencies].filter((x) => !Number.isNaN(x)));
  // Each message's median over the sockets: a rising line means the machine could not keep up with 20/s.
  const perMessage = Array.from({ length: MESSAGES }, (_, k) =>
    percentile(
      reports
        .flatMap((r) =>
          Array.from({ length: r.counts.length / MESSAGES }, (_, i) => r.latencies[i * MESSAGES + k]),
        )
        .filter((x) => !Number.isNaN(x)),
      50,
    ),
  );
  const quarter = (q) => percentile(perMessage.slice((q * MESSAGES) / 4, ((q + 1) * MESSAGES) / 4), 50);
  const unexpectedCloses = reports.reduce((s, r) => s + r.unexpectedCloses, 0);
  await Promise.all(workers.map((w) => w.close()));
  for (const inspector of inspectors) inspector.close();
  await Promise.all([a.stop(), b.stop()]);

  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const max = latencies.reduce((m, x) => Math.max(m, x), 0);
  const perThousand = ((idle[0] - before[0] + (idle[1] - before[1])) * 1000) / SOCKETS;
  const problems = a.problems.length + b.problems.length;
  const targets = [
    ['every socket connected', connectFailures === 0 && online === SOCKETS],
    ['0 failed posts', postErrors.length === 0],
    ['100% delivered exactly once', once === expected],
    ['delivery p99 ≤ 50 ms', p99 <= 50],
    ['≤ 20 MB per 1,000 idle sockets', perThousand <= 20],
    ['no server warnings or errors', problems === 0],
  ];
  const missed = targets.filter(([, met]) => !met).map(([what]) => what);
  const mb = (x) => x.toFixed(1);
  const verdictLine = missed.length
    ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}`
    : '**All targets met.**';
  const summary = `
${SOCKETS} sockets on two instances with Redis, ${MESSAGES} messages to one room at ${PER_SECOND}/s (1-minute load
${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}).

| measure | value | target |
|---|---|---|
| deliveries | ${once} of ${expected} exactly once; ${missing} missing; ${duplicated} duplicated | 100% exactly once |
| delivery latency (POST → frame) | p50 ${p50.toFixed(1)} ms · p99 ${p99.toFixed(1)} ms · max ${max.toFixed(1)} ms | p99 ≤ 50 ms |
| memory per 1,000 idle sockets (RSS after a full collection) | ${mb(perThousand)} MB | ≤ 20 MB |
| posts answered 200; sockets opened | ${MESSAGES - postErrors.length} of ${MESSAGES}; ${SOCKETS - connectFailures} of ${SOCKETS} | all |
| server CPU per message, A / B | ${(cpu[0] / MESSAGES).toFixed(1)} / ${(cpu[1] / MESSAGES).toFixed(1)} ms | — |
| server warnings/errors logged | ${problems} | 0 |

${verdictLine}
`;
  const body = `
\`node bench/realtime.mjs\` · two production instances (\`REDIS_URL\` set, same PostgreSQL database, rate limits
off) seeded like the api suite, plus every one of the ${SOCKETS} users a member of one room. ${SOCKETS} sockets
(one per user, tokens signed with the instances' secret as \`lib/tokens.ts\` does), half on each instance, held by
two worker threads of the bench process. ${MESSAGES} messages posted to that room at ${PER_SECOND}/s, alternately
through A and B; each socket counts every message it receives. Latency: from just before the \`POST\` to the frame
reaching the client (it includes the POST itself, Redis, and the worker's parsing on this shared machine).
1-minute load average: ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (2 cores shared with other
work).

| measure | value | target |
|---|---|---|
| sockets opened (A + B) | ${SOCKETS - connectFailures} of ${SOCKETS} in ${(Math.max(...connected.map((c) => c.ms)) / 1000).toFixed(1)} s; users online in the database: ${online} | all |
| posts | ${MESSAGES - postErrors.length} of ${MESSAGES} answered 200, over ${postSeconds.toFixed(1)} s; answer time p50 ${percentile(postMs, 50).toFixed(1)} ms · p99 ${percentile(postMs, 99).toFixed(1)} ms | 0 errors |
| deliveries | ${once} of ${expected} exactly once; ${missing} missing; ${duplicated} duplicated; ${unexpectedCloses} sockets closed by the server | 100% exactly once |
| delivery latency | p50 ${p50.toFixed(1)} ms · p99 ${p99.toFixed(1)} ms · max ${max.toFixed(1)} ms | p99 ≤ 50 ms |
| median latency by quarter of the run | ${[0, 1, 2, 3].map((q) => `${quarter(q).toFixed(0)} ms`).join(' · ')} | — |
| RSS, A / B, before sockets (after a full collection) | ${mb(before[0])} / ${mb(before[1])} MB | — |
| RSS, A / B, ${SOCKETS / 2} idle sockets each (after a full collection) | ${mb(idle[0])} / ${mb(idle[1])} MB | — |
| heap still used after a full collection, A / B, before sockets → idle sockets | ${mb(beforeGc.heap[0])} → ${mb(idleGc.heap[0])} / ${mb(beforeGc.heap[1])} → ${mb(idleGc.heap[1])} MB | — |
| RSS, A / B, after the messages | ${mb(afterTraffic[0])} / ${mb(afterTraffic[1])} MB | — |
| CPU while posting and delivering, A / B | ${cpu[0].toFixed(0)} / ${cpu[1].toFixed(0)} ms: ${(cpu[0] / MESSAGES).toFixed(1)} / ${(cpu[1] / MESSAGES).toFixed(1)} ms per message (its half of the POSTs, and every message to its ${SOCKETS / 2} sockets) | — |
| CPU of the clients (both workers) | ${((clientCpu.user + clientCpu.system) / 1000).toFixed(0)} ms, ${((clientCpu.user + clientCpu.system) / once || 0).toFixed(1)} µs per frame | — |
| memory per 1,000 idle sockets | ${mb(perThousand)} MB (sum of both instances' RSS growth, each read after a full collection) | ≤ 20 MB |
| server warnings/errors logged | ${problems} | 0 |

${problemLines(a, b)}
RSS is the median of several samples from \`/proc/<pid>/status\`. The before and idle readings each follow a full
collection forced through the inspector on both instances (\`HeapProfiler.collectGarbage\`, as the soak suite
does): without it RSS also counts garbage not yet collected, which grows with the young generation the server runs
with (\`--max-semi-space-size=64\`, decision 004), not with sockets; the reading after the messages does not. Suite time: ${Math.round((Date.now() - started) / 1000)} s.

${missed.length ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**'}
`;
  await writeSection('realtime', 'Real time (`node bench/realtime.mjs`)', summary, body);
});
