// capacity suite (issue 22): how many simultaneously active users one and two instances serve with p99 ≤ 100 ms and
// nothing failing, and how many connected-but-idle sockets one instance holds within 1 GB.
//
// Active users: each holds a socket and acts on a Poisson clock, once every 10 s on average (Home, a room, its chat,
// a message sent, a bill added: see lib/capacity-worker.mjs), for CAPACITY_SECONDS (30) per level; the levels
// (CAPACITY_LEVELS, default 500 → 10,000) run in turn until one misses the target. Two worker threads of this
// process are the clients: their CPU is reported beside the servers' and PostgreSQL's (one 2-core machine for all).
// Idle sockets: opened in steps by child processes from several 127.0.0.x source addresses, the instance's RSS
// read after a full collection at each step.
//
// The database: CAPACITY_SCALE=1m (or 10k) seeds the scale suite's database (lib/scale-seed.mjs: 1M users, 100k
// rooms, 5M messages; about a minute); CAPACITY_DATABASE_URL uses an existing one; else a fresh one seeded like the
// api suite with CAPACITY_USERS users (20,000).
// Usage: node bench/capacity.mjs
import { reconcileSeeded } from './lib/ledger-reconcile.mjs';
import { fork } from 'node:child_process';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { connectInspector } from './lib/inspector.mjs';
import { sampleStatements } from './lib/pg-sampler.mjs';
import { percentile, writeSection } from './lib/report.mjs';
import { scaleSeed } from './lib/scale-seed.mjs';
import { seed } from './lib/seed.mjs';
import {
  cpuMs,
  createDatabase,
  databaseCpuMs,
  databaseCpuSince,
  ensureBuild,
  onCleanup,
  problemLines,
  REDIS_URL,
  runSuite,
  settledRssMb,
  sleep,
  startServer,
  tokenSigner,
} from './lib/server.mjs';

const LEVELS = (process.env.CAPACITY_LEVELS ?? '500,1000,2000,4000,7000,10000').split(',').map(Number);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 30);
const MEAN_GAP_MS = 10_000;
const IDLE_TARGET = Number(process.env.CAPACITY_IDLE ?? 50_000);
const IDLE_STEP = 2500;
const PER_CHILD = 6000;
const USERS = Number(process.env.CAPACITY_USERS ?? Math.max(20_000, ...LEVELS));
const WORKERS = 2;
const P99_TARGET_MS = 100;

/** The database and, for each of the first `n` users who are in an open room, a token and up to 5 of those rooms. */
async function prepare() {
  let url = process.env.CAPACITY_DATABASE_URL;
  let pool;
  let described;
  if (url) {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    onCleanup(() => pool.end());
    const { rows } = await pool.query(
      'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM rooms)::int AS rooms, (SELECT count(*) FROM messages)::bigint AS messages',
    );
    described = `an existing database (\`CAPACITY_DATABASE_URL\`): ${rows[0].users.toLocaleString('en')} users, ${rows[0].rooms.toLocaleString('en')} rooms, ${Number(rows[0].messages).toLocaleString('en')} messages`;
  } else if (process.env.CAPACITY_SCALE) {
    const factor = { '10k': 0.01, '100k': 0.1, '1m': 1 }[process.env.CAPACITY_SCALE];
    if (!factor) throw new Error(`CAPACITY_SCALE: 10k, 100k or 1m, not ${process.env.CAPACITY_SCALE}`);
    const database = await createDatabase('capacity');
    ({ url, pool } = database);
    await scaleSeed(pool, { factor, log: console.log });
    await reconcileSeeded(pool, { log: console.log });
    await pool.query('VACUUM ANALYZE');
    const { rows } = await pool.query(
      'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM rooms)::int AS rooms, (SELECT count(*) FROM messages)::bigint AS messages',
    );
    described = `the scale suite's database (\`CAPACITY_SCALE=${process.env.CAPACITY_SCALE}\`): ${rows[0].users.toLocaleString('en')} users, ${rows[0].rooms.toLocaleString('en')} rooms, ${Number(rows[0].messages).toLocaleString('en')} messages`;
  } else {
    const database = await createDatabase('capacity');
    ({ url, pool } = database);
    const rooms = Math.round(USERS / 5);
    await seed(pool, { users: USERS, rooms, messages: USERS * 10, hotMessages: 1000 });
    described = `a fresh database seeded like the api suite: ${USERS.toLocaleString('en')} users, ${rooms.toLocaleString('en')} rooms of about 25 members, ${(USERS * 10).toLocaleString('en')} messages`;
  }
  const { rows } = await pool.query(
    `WITH candidates AS (
       SELECT DISTINCT m.user_id AS id FROM room_members m JOIN rooms r ON r.id = m.room_id AND NOT r.is_closed
       ORDER BY m.user_id LIMIT $1),
     mine AS (
       SELECT m.user_id, m.room_id, row_number() OVER (PARTITION BY m.user_id ORDER BY m.room_id) AS k
       FROM room_members m JOIN rooms r ON r.id = m.room_id AND NOT r.is_closed
       WHERE m.user_id IN (SELECT id FROM candidates))
     SELECT u.id, u.username, u.email,
       json_agg(json_build_object('id', mine.room_id, 'other',
         (SELECT o.user_id FROM room_members o WHERE o.room_id = mine.room_id AND o.user_id <> u.id LIMIT 1))) AS rooms
     FROM mine JOIN users u ON u.id = mine.user_id
     WHERE mine.k <= 5
     GROUP BY u.id ORDER BY u.id`,
    [USERS * 2],
  );
  const signer = await tokenSigner();
  const users = [];
  for (const r of rows) {
    const rooms = r.rooms.filter((room) => room.other !== null);
    if (rooms.length === 0) continue;
    users.push({
      id: r.id,
      token: await signer.sign({ id: r.id, email: r.email, username: r.username, pictureUrl: '' }),
      rooms,
    });
  }
  return { url, pool, users, described };
}

/** One level: `n` active users over `servers`; resolves with what was measured. */
async function runLevel(servers, users, n, pool, seconds = SECONDS) {
  const chosen = users.slice(0, n);
  const bases = servers.map((s) => s.base);
  const workers = Array.from({ length: WORKERS }, (_, w) => {
    const worker = new Worker(new URL('./lib/capacity-worker.mjs', import.meta.url), {
      workerData: {
        bases,
        users: chosen.filter((_, i) => i % WORKERS === w),
        meanGapMs: MEAN_GAP_MS,
        durationMs: seconds * 1000,
        localAddress: `127.0.0.${10 + w}`,
        seed: 1000 * n + w,
      },
    });
    const messages = [];
    const waiters = [];
    worker.on('message', (m) => (waiters.length ? waiters.shift()(m) : messages.push(m)));
    worker.on('error', (err) => {
      throw err;
    });
    const next = () =>
      messages.length ? Promise.resolve(messages.shift()) : new Promise((r) => waiters.push(r));
    return { worker, next };
  });
  const connected = await Promise.all(workers.map((w) => w.next()));
  await sleep(2000); // presence updates done
  const cpu0 = await Promise.all(servers.map((s) => cpuMs(s.pid)));
  const db0 = await databaseCpuMs(pool);
  const client0 = process.cpuUsage();
  const sampler = sampleStatements(pool);
  const wall0 = performance.now();
  for (const w of workers) w.worker.postMessage('go');
  const done = await Promise.all(workers.map((w) => w.next()));
  const wallMs = performance.now() - wall0;
  const statements = await sampler.stop();
  const cpu = (await Promise.all(servers.map((s) => cpuMs(s.pid)))).map((c, i) => c - cpu0[i]);
  const db = await databaseCpuSince(db0);
  const clientUsage = process.cpuUsage(client0);
  const client = (clientUsage.user + clientUsage.system) / 1000;
  await Promise.all(workers.map((w) => w.worker.terminate()));
  const latencies = done.flatMap((d) => [...d.latencies]);
  const failures = {};
  for (const d of done) for (const [k, v] of Object.entries(d.failures)) failures[k] = (failures[k] ?? 0) + v;
  const failed = Object.values(failures).reduce((s, v) => s + v, 0);
  const connectFailures = connected.reduce((s, c) => s + c.failed, 0);
  const closes = done.reduce((s, d) => s + d.unexpectedCloses, 0);
  const result = {
    n,
    connectMs: Math.max(...connected.map((c) => c.ms)),
    connectFailures,
    actions: done.reduce((s, d) => s + d.actions, 0),
    requests: latencies.length,
    rps: latencies.length / (wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((m, x) => Math.max(m, x), 0),
    failed,
    failures,
    closes,
    frames: done.reduce((s, d) => s + d.frames, 0),
    statements,
    // Shares of the machine's 2 cores over the measured window.
    share: {
      servers: cpu.map((c) => c / wallMs),
      db: db / wallMs,
      client: client / wallMs,
    },
  };
  result.ok = result.p99 <= P99_TARGET_MS && failed === 0 && connectFailures === 0 && closes === 0;
  console.log(
    `${servers.length} instance(s), ${n} active: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${failed} failed, ${connectFailures} sockets refused, ${closes} closed${result.ok ? '' : '  ← misses'}${failed ? ` (${JSON.stringify(failures)})` : ''}`,
  );
  return result;
}

async function activeRun(instances, url, users, pool) {
  const env = instances > 1 ? { REDIS_URL, WS_MAX_SOCKETS_PER_USER: '0' } : { WS_MAX_SOCKETS_PER_USER: '0' };
  const servers = await Promise.all(
    Array.from({ length: instances }, (_, i) =>
      startServer({ databaseUrl: url, env, name: `instance ${String.fromCharCode(65 + i)}` }),
    ),
  );
  // Unmeasured: the first level's users for 5 s, so that the measured levels do not include the JIT's warm-up.
  console.log('warm-up:');
  await runLevel(servers, users, Math.min(LEVELS[0], users.length), pool, 5);
  const levels = [];
  for (const n of LEVELS) {
    if (n > users.length) break;
    // What autovacuum would do between levels (it is off on this machine's PostgreSQL): the tables the workload
    // writes keep their statistics, so that plans follow their size as they grow (bills: from none), and lose their
    // dead rows (numbering messages, counting rooms' messages and presence rewrite rows; an index range over dead
    // rows visits each of them).
    await pool.query(
      'VACUUM (ANALYZE) bills, bill_shares, bill_payers, messages, transactions, rooms, room_members, users',
    );
    const r = await runLevel(servers, users, n, pool);
    levels.push(r);
    if (!r.ok) break;
    await sleep(2000);
  }
  await Promise.all(servers.map((s) => s.stop()));
  return { instances, levels, problems: problemLines(...servers) };
}

/** Idle sockets on one instance until IDLE_TARGET, a refusal or the instance's descriptor limit. */
async function idleRun(url, users) {
  const server = await startServer({
    databaseUrl: url,
    env: { WS_MAX_SOCKETS_PER_USER: '0' },
    name: 'idle instance',
    inspect: true,
  });
  const inspector = await connectInspector(server.inspectorPort);
  const rss = async () => {
    await inspector.afterFullGc();
    return settledRssMb(server.pid);
  };
  const points = [{ sockets: 0, rss: await rss() }];
  const children = [];
  let open = 0;
  let refused = 0;
  let stopReason = `reached ${IDLE_TARGET.toLocaleString('en')}`;
  const wsBase = server.base.replace(/^http/, 'ws');
  while (open < IDLE_TARGET) {
    let child = children.at(-1);
    if (!child || child.held >= PER_CHILD) {
      const proc = fork(new URL('./lib/idle-sockets.mjs', import.meta.url), { stdio: 'inherit' });
      const queue = [];
      const waiters = [];
      proc.on('message', (m) => (waiters.length ? waiters.shift()(m) : queue.push(m)));
      child = {
        proc,
        held: 0,
        address: `127.0.0.${20 + children.length}`,
        next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r))),
      };
      onCleanup(() => proc.kill('SIGKILL'));
      await child.next(); // ready
      children.push(child);
    }
    const count = Math.min(IDLE_STEP, PER_CHILD - child.held, IDLE_TARGET - open);
    const tokens = Array.from({ length: count }, (_, k) => users[(open + k) % users.length].token);
    child.proc.send({ type: 'open', wsBase, tokens, localAddress: child.address });
    const opened = await child.next();
    child.held += count;
    open += opened.ok;
    refused += opened.failed;
    await sleep(1500);
    let reading;
    try {
      reading = await rss();
    } catch (err) {
      // The instance no longer answers (at the open-file limit, its own descriptors for the inspector run out).
      stopReason = `the instance stopped answering at ${open.toLocaleString('en')} sockets (${err.message.slice(0, 80)})`;
      break;
    }
    points.push({ sockets: open, rss: reading });
    console.log(`idle sockets: ${open} open, ${refused} refused, RSS ${points.at(-1).rss.toFixed(0)} MB`);
    if (opened.failed > 0) {
      stopReason = `the instance refused sockets at ${open.toLocaleString('en')}`;
      break;
    }
  }
  const limits = await import('node:fs/promises').then((fs) =>
    fs.readFile(`/proc/${server.pid}/limits`, 'utf8').catch(() => ''),
  );
  const nofile = /Max open files\s+(\d+)/.exec(limits)?.[1];
  for (const c of children) c.proc.send({ type: 'close' });
  inspector.close();
  await server.stop();
  const last = points.at(-1);
  const perThousand = last.sockets > 0 ? ((last.rss - points[0].rss) * 1000) / last.sockets : NaN;
  const withinGb = Math.floor(((1024 - points[0].rss) * 1000) / perThousand);
  return { points, refused, stopReason, perThousand, withinGb, nofile, problems: problemLines(server) };
}

await runSuite(async () => {
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  ensureBuild();
  const { url, pool, users, described } = await prepare();
  console.log(`${users.length} users with rooms; ${described}`);
  const runs = [];
  // CAPACITY_INSTANCES=1 (or 2): that active run alone, printed, nothing written (a probe while changing the code).
  const only = process.env.CAPACITY_INSTANCES ? Number(process.env.CAPACITY_INSTANCES) : null;
  for (const instances of only ? [only] : [1, 2]) runs.push(await activeRun(instances, url, users, pool));
  if (only) {
    for (const l of runs[0].levels) console.log(JSON.stringify(l));
    return;
  }
  const idle = await idleRun(url, users);

  const best = (run) => run.levels.filter((l) => l.ok).at(-1)?.n ?? 0;
  const pct = (x) => `${(x * 100).toFixed(0)}%`;
  const table = (run) =>
    `| active users | req/s | p50 | p99 | max | failed | CPU: ${run.instances === 1 ? 'server' : 'servers'} / PostgreSQL / load generator (of one core) | within target |
|---|---|---|---|---|---|---|---|
${run.levels
  .map(
    (l) =>
      `| ${l.n.toLocaleString('en')} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} ms | ${l.p99.toFixed(1)} ms | ${l.max.toFixed(0)} ms | ${l.failed + l.connectFailures + l.closes}${
        l.failed
          ? ` (${Object.entries(l.failures)
              .slice(0, 3)
              .map(([k, v]) => `${k}: ${v}`)
              .join('; ')})`
          : ''
      } | ${l.share.servers.map(pct).join(' + ')} / ${pct(l.share.db)} / ${pct(l.share.client)} | ${l.ok ? 'yes' : '**no**'} |`,
  )
  .join('\n')}`;
  const targets = [
    ['≥ 10,000 active users on one instance', best(runs[0]) >= 10_000],
    [
      '≥ 50,000 idle sockets on one instance within 1 GB',
      idle.withinGb >= 50_000 && idle.points.at(-1).sockets >= 50_000,
    ],
  ];
  const missed = targets.filter(([, met]) => !met).map(([what]) => what);
  // The database's profile at the one-instance run's highest level within target and at the first one past it.
  const lastOk = runs[0].levels.findLastIndex((l) => l.ok);
  const profiled = runs[0].levels.slice(Math.max(0, lastOk), lastOk + 2);
  const profile = (
    l,
  ) => `At ${l.n.toLocaleString('en')} active users (${l.ok ? 'within target' : 'past it'}): ${l.statements.samples.toLocaleString('en')} samples, ${l.statements.meanActive.toFixed(1)} statements running on average.

| share of PostgreSQL's busy samples | statement (first 160 characters) |
|---|---|
${l.statements.top
  .slice(0, 10)
  .map((t) => `| ${pct(t.share)} | \`${t.statement.replace(/\|/g, '\\|').replaceAll('\u0060', "'")}\` |`)
  .join('\n')}`;
  const summary = `
Active users on a Poisson clock (one action every ${MEAN_GAP_MS / 1000} s on average: Home, a room, its chat, a message, a bill),
${SECONDS} s per level, ${described}; a level is within target when p99 ≤ ${P99_TARGET_MS} ms and nothing failed
(1-minute load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}).

**One instance**: largest level within target **${best(runs[0]).toLocaleString('en')} active users**.

${table(runs[0])}

**Two instances** (Redis): **${best(runs[1]).toLocaleString('en')} active users**.

${table(runs[1])}

**Idle sockets on one instance**: **${idle.perThousand.toFixed(1)} MB per 1,000**, so ${Number.isFinite(idle.withinGb) ? idle.withinGb.toLocaleString('en') : '—'} within 1 GB by memory;
${idle.points.at(-1).sockets.toLocaleString('en')} held (${idle.stopReason}; open-file limit ${idle.nofile ?? 'unknown'}).

${missed.length ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**'}
`;
  const body = `
\`node bench/capacity.mjs\` · ${described}. Production instances (rate limits off, no per-user socket cap), each
active user with its own socket and acting on a Poisson clock once every ${MEAN_GAP_MS / 1000} s on average for
${SECONDS} s per level: 35% Home (rooms, balances, unread counts: 4 requests), 25% a room (details, members, money,
bills: 4), 20% its chat (newest page), 15% a message sent, 5% a bill added. Latency is per HTTP request, from the
client's worker thread (so it includes queueing in the load generator on this shared 2-core machine). A level is
within target when p99 ≤ ${P99_TARGET_MS} ms and no request, socket or connection failed. The written tables are
vacuumed and analysed before each level, as autovacuum would (off on this machine). 1-minute load average:
${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after.

**One instance** — largest level within target: **${best(runs[0]).toLocaleString('en')} active users**.

${table(runs[0])}

**Where PostgreSQL's time goes** (\`lib/pg-sampler.mjs\`: the active statements in \`pg_stat_activity\` every 5 ms
during each level, since \`pg_stat_statements\` is not loaded on this machine's PostgreSQL):

${profiled.map(profile).join('\n\n')}

**Two instances** (\`REDIS_URL\` set, users alternate between them) — largest level within target:
**${best(runs[1]).toLocaleString('en')} active users**.

${table(runs[1])}

**Idle sockets on one instance**: ${idle.points.at(-1).sockets.toLocaleString('en')} held (${idle.stopReason}; ${idle.refused} refused), RSS
after a full collection ${idle.points[0].rss.toFixed(0)} MB with none → ${idle.points.at(-1).rss.toFixed(0)} MB:
**${idle.perThousand.toFixed(1)} MB per 1,000 idle sockets**, so **${Number.isFinite(idle.withinGb) ? idle.withinGb.toLocaleString('en') : '—'} sockets within 1 GB**.
The instance's open-file limit is ${idle.nofile ?? 'unknown'} (\`ulimit -n\`; this container's hard limit, which
a process here cannot raise): past it the kernel refuses the sockets, not the server. Steps:
${idle.points.map((p) => `${p.sockets.toLocaleString('en')} → ${p.rss.toFixed(0)} MB`).join(' · ')}.
${runs[0].problems}${runs[1].problems}${idle.problems}
Suite time: ${Math.round((Date.now() - started) / 1000)} s.

${missed.length ? `**Targets missed:**\n${missed.map((x) => `- ${x}`).join('\n')}` : '**All targets met.**'}
`;
  await writeSection('capacity', 'Capacity (`node bench/capacity.mjs`)', summary, body);
});
