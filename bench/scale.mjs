// scale suite (issue #22 item 1): the reads of the web app for one heavy user, on a database of 10,000 users and on
// one of 1,000,000 users (100,000 rooms, 500,000 memberships, 5,000,000 messages), side by side. Each size is
// seeded by SQL (lib/scale-seed.mjs), served by the production build with its answer cache off (ANSWER_CACHE_MS=0:
// every call reads the database; the cache would answer 19 of the 20 calls from memory), read one request at a
// time, and dropped before the next size.
// Target: every read ≤ 20 ms median and ≤ 100 ms worst at 1M users, and no median more than 2× its 10k figure.
// Usage: node bench/scale.mjs          (SCALE_SIZES=10k,1m by default; SCALE_SIZES=10k for a quick run;
//                                        SCALE_CALLS=20 calls per read; SCALE_EXPLAIN=1 logs each plan over 5 ms to
//                                        PostgreSQL's log through auto_explain; SCALE_KEEP=1 keeps the databases)
import { reconcileSeeded } from './lib/ledger-reconcile.mjs';
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { median, percentile, writeSection } from './lib/report.mjs';
import { counts as countRows, scaleSeed } from './lib/scale-seed.mjs';
import {
  ADMIN_URL,
  ensureBuild,
  migrateDatabase,
  onCleanup,
  problemLines,
  runSuite,
  startServer,
  tokenSigner,
} from './lib/server.mjs';

const SIZES = { tiny: 0.001, '10k': 0.01, '100k': 0.1, '1m': 1 };
const asked = (process.env.SCALE_SIZES ?? '10k,1m').split(',').map((s) => s.trim().toLowerCase());
for (const s of asked)
  if (!(s in SIZES)) throw new Error(`SCALE_SIZES: unknown size ${s} (${Object.keys(SIZES)})`);
const calls = Number(process.env.SCALE_CALLS ?? 20);
const TARGET = { median: 20, worst: 100, growth: 2 };

async function cpuModel() {
  const info = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  return /model name\s*:\s*(.+)/.exec(info)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
}

/** The reads of the web app, as the heavy user, in the order its screens make them. */
function reads(seeded, bigRoomPages, middleMessageId) {
  const me = seeded.heavyId;
  const big = seeded.bigRoom;
  const bills = seeded.billsRoom;
  return [
    ['friends (all)', `/v1/users/${me}/friends`],
    ['friends, a page of 50', `/v1/users/${me}/friends?limit=50`],
    ['friends count', `/v1/users/${me}/friends/count`],
    ['friend search, a name (`mo_4`)', `/v1/users/${me}/friends/search?query=mo_4`],
    ['user search, digits (`4242`)', `/v1/users/${me}/friends/search?query=4242`],
    // Texts inside a large share of the names that few or none start with: ranked among a bounded set of candidates.
    ['user search, one digit (`4`)', `/v1/users/${me}/friends/search?query=4`],
    ['user search, two digits (`42`)', `/v1/users/${me}/friends/search?query=42`],
    // Display names (issue 37): a family name one user in 33 has, a full name, two letters, and an exact email.
    ['user search, a display name (`okafor`)', `/v1/users/${me}/friends/search?query=okafor`],
    ['user search, a full display name (`Mo Silva`)', `/v1/users/${me}/friends/search?query=Mo%20Silva`],
    ['user search, two letters (`ng`)', `/v1/users/${me}/friends/search?query=ng`],
    [
      'user search, an email (`scale4242@example.com`)',
      `/v1/users/${me}/friends/search?query=Scale4242%40Example.com`,
    ],
    ['friend requests (all)', `/v1/users/${me}/friends/requests`],
    ['friend requests, a page of 20', `/v1/users/${me}/friends/requests?limit=20`],
    ['friend requests count', `/v1/users/${me}/friends/requests/count`],
    ['rooms (all)', '/v1/rooms'],
    ['rooms, a page of 20', '/v1/rooms?limit=20'],
    ['rooms count', '/v1/rooms/count'],
    ['rooms unread', '/v1/rooms/unread'],
    ['past rooms (all)', '/v1/rooms/past'],
    ['past rooms, a page of 20', '/v1/rooms/past?limit=20'],
    ['public rooms (all)', '/v1/rooms/public'],
    ['explore, first page', '/v1/rooms/public?limit=20'],
    ['explore search (`cafe 12`)', '/v1/rooms/public?q=cafe%2012&limit=20'],
    ['explore search, a common word (`caf`)', '/v1/rooms/public?q=caf&limit=20'],
    ['invites', '/v1/rooms/invites'],
    ['invites count', '/v1/rooms/invites/count'],
    ['room detail', `/v1/rooms/${big}`],
    ['room by link (not a member)', `/v1/rooms/${seeded.publicRoom}`],
    ['members', `/v1/rooms/${big}/attendees`],
    ['friends to invite', `/v1/rooms/${big}/uninvited`],
    ['guests (plans/RSVP)', `/v1/rooms/${big}/guests`],
    ['date poll', `/v1/rooms/${big}/date-poll`],
    ['messages page 1', `/v1/rooms/${big}/messages`],
    ['messages, the middle page', `/v1/rooms/${big}/messages?page=${Math.floor(bigRoomPages / 2)}`],
    ['messages `before=` (middle)', `/v1/rooms/${big}/messages?before=${middleMessageId}`],
    ['bills of a room (all 200)', `/v1/bills?roomId=${bills}`],
    ['bills of a room, a page of 50', `/v1/bills?roomId=${bills}&limit=50`],
    ['room balances', `/v1/rooms/${bills}/balances`],
    ['room bills summary', `/v1/rooms/${bills}/bills/summary`],
    ['room activity, a page of 20', `/v1/rooms/${bills}/activity?limit=20`],
    ['payments awaiting confirmation (all)', '/v1/transactions?isPaid=true&status=paid'],
    // What Home reads (issue #33): a page of each side and of what awaits confirmation, totals from /balances.
    ['Home: awaiting confirmation, a page of 20', '/v1/transactions?isPaid=true&status=paid&limit=20'],
    ['Home: To pay, a page of 20', '/v1/transactions?isPaid=false&role=payer&limit=20'],
    ['Home: To receive, a page of 20', '/v1/transactions?isPaid=false&role=payee&limit=20'],
    ['room rounds', `/v1/rooms/${bills}/rounds`],
    ['balances (all rooms)', '/v1/balances'],
    ['transactions unpaid (all)', '/v1/transactions?isPaid=false'],
    ['transactions unpaid, a page of 50', '/v1/transactions?isPaid=false&limit=50'],
    ['transactions paid (all)', '/v1/transactions?isPaid=true'],
    ['transactions paid, a page of 50', '/v1/transactions?isPaid=true&limit=50'],
    ['notifications (first 100)', '/v1/notifications'],
    ['notifications, a page of 30', '/v1/notifications?limit=30'],
    ['notifications unread-count', '/v1/notifications/unread-count'],
    ['venue search (`Cafe 12`)', '/v1/rooms/venues/search?query=Cafe%2012'],
    // What the web app sends once three letters are typed: a seventh of the rooms' venues contain it.
    ['venue search, three letters (`Caf`)', '/v1/rooms/venues/search?query=Caf'],
  ];
}

/** One call of `url`: its time in ms and the size of its answer. */
async function callOnce(base, token, url) {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length };
}

/**
 * Each read at every size, the sizes' calls interleaved (10k, 1M, 10k, 1M, ...): a burst of load from the other
 * work on this shared machine then lands on both sizes alike instead of on one of them, and the growth compares
 * like with like.
 */
async function measure(prepared) {
  const perSize = prepared.map((p) => ({ p, reads: reads(p.seeded, p.pages, p.middle), results: new Map() }));
  const labels = perSize[0].reads.map(([label]) => label);
  for (const [k, label] of labels.entries()) {
    const xs = perSize.map(() => []);
    const bytes = perSize.map(() => 0);
    for (let i = -2; i < calls; i++)
      // two warm-up calls: the plan is prepared, the pages are in the cache
      for (const [j, { p, reads: rs }] of perSize.entries()) {
        const r = await callOnce(p.server.base, p.token, rs[k][1]);
        if (i >= 0) xs[j].push(r.ms);
        bytes[j] = r.bytes;
      }
    for (const [j, { p, reads: rs, results }] of perSize.entries()) {
      const r = { median: median(xs[j]), p99: percentile(xs[j], 99), bytes: bytes[j], path: rs[k][1] };
      results.set(label, r);
      console.log(
        `${p.size} ${label}: ${r.median.toFixed(1)} ms median, ${r.p99.toFixed(1)} ms p99, ${r.bytes} B`,
      );
    }
  }
  return perSize.map(({ p, results }) => ({ ...p.report, results, problems: problemLines(p.server) }));
}

/** Creates, seeds and serves one size; the database and its server stay up until `close`. */
async function prepareSize(size) {
  const factor = SIZES[size];
  const name = `outing_scale_${process.pid}_${size}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const drop = () => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  // Also when the suite is interrupted (Ctrl-C): runSuite's cleanups run, this function's finally does not.
  onCleanup(async () => {
    if (process.env.SCALE_KEEP) return;
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  await admin.query(`CREATE DATABASE ${name}`);
  if (process.env.SCALE_EXPLAIN) {
    await admin.query(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await admin.query(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = 5`);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  pool.on('error', (err) => console.error(`${size}: idle database connection: ${err.message}`));
  let server;
  try {
    await migrateDatabase(pool);
    console.log(`${size}: seeding (factor ${factor})`);
    const t0 = Date.now();
    const seeded = await scaleSeed(pool, { factor, log: console.log });
    await reconcileSeeded(pool, { log: console.log });
    const seedSeconds = (Date.now() - t0) / 1000;
    // The seed's writes flushed before measuring: a checkpoint running during the reads would measure the disk.
    await pool.query('CHECKPOINT');
    const dbSize = (await pool.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`))
      .rows[0].s;
    const counts = await countRows(pool);
    const [{ n: messages }] = (
      await pool.query(`SELECT message_count AS n FROM rooms WHERE id = $1`, [seeded.bigRoom])
    ).rows;
    const pages = Math.ceil(messages / 20);
    const middle = (
      await pool.query(`SELECT id FROM messages WHERE room_id = $1 AND seq = $2`, [
        seeded.bigRoom,
        Math.floor(messages / 2),
      ])
    ).rows[0].id;
    server = await startServer({
      databaseUrl: url.href,
      env: { ANSWER_CACHE_MS: '0' },
      name: `scale-${size}`,
    });
    const { rows: heavy } = await pool.query(
      `SELECT id, email, username, picture_url FROM users WHERE id = $1`,
      [seeded.heavyId],
    );
    const token = await (
      await tokenSigner()
    ).sign({ id: heavy[0].id, email: heavy[0].email, username: heavy[0].username, pictureUrl: '' });
    const close = async () => {
      await server.stop();
      await pool.end();
      // SCALE_KEEP=1 keeps the databases for EXPLAIN (drop them by hand: they are named in the log).
      if (process.env.SCALE_KEEP) console.log(`kept database ${name}`);
      else await drop();
      await admin.end();
    };
    return {
      size,
      seeded,
      pages,
      middle,
      server,
      token,
      close,
      report: { size, factor, seedSeconds, dbSize, counts, pages },
    };
  } catch (err) {
    console.error(`${size}: ${err.stack}\n${server ? problemLines(server) : ''}`);
    await server?.stop();
    await pool.end();
    await drop();
    await admin.end();
    throw err;
  }
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const kb = (b) => (b >= 1024 ? `${(b / 1024).toFixed(b >= 10240 ? 0 : 1)} kB` : `${b} B`);

await runSuite(async () => {
  ensureBuild();
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  const prepared = [];
  let runs;
  try {
    for (const size of asked) prepared.push(await prepareSize(size));
    runs = await measure(prepared);
  } finally {
    for (const p of prepared) await p.close();
  }
  const labels = [...runs[0].results.keys()];
  const big = runs.at(-1);
  const small = runs.length > 1 ? runs[0] : undefined;
  const header = runs.map((r) => `${r.size} median · p99 · size`).join(' | ');
  const lines = [
    `| read | ${header} |${small ? ' growth |' : ''} target |`,
    `|---|${runs.map(() => '---').join('|')}|${small ? '---|' : ''}---|`,
  ];
  const misses = [];
  const missedLines = [];
  const met = [];
  for (const label of labels) {
    const cells = runs.map((r) => {
      const x = r.results.get(label);
      return `${fmt(x.median)} · ${fmt(x.p99)} ms · ${kb(x.bytes)}`;
    });
    const b = big.results.get(label);
    const growth = small ? b.median / small.results.get(label).median : 1;
    // A growth under 2 ms is measurement noise on a shared machine, not growth.
    const growthOk = !small || growth <= TARGET.growth || b.median <= 2;
    const ok = b.median <= TARGET.median && b.p99 <= TARGET.worst && growthOk;
    if (!ok) misses.push(label);
    else met.push({ label, median: b.median, p99: b.p99 });
    if (!ok)
      missedLines.push(`| ${label} | ${cells.join(' | ')} |${small ? ` ${growth.toFixed(1)}× |` : ''}`);
    lines.push(
      `| ${label} | ${cells.join(' | ')} |${small ? ` ${growth.toFixed(1)}× |` : ''} ${ok ? 'met' : '**missed**'} |`,
    );
  }
  const sizesLine = runs
    .map((r) => {
      const c = r.counts;
      return `- **${r.size}**: ${c.users.n.toLocaleString('en')} users, ${c.rooms.n.toLocaleString('en')} rooms, ${c.room_members.n.toLocaleString('en')} memberships, ${c.messages.n.toLocaleString('en')} messages (${(r.pages * 20).toLocaleString('en')} in the big room), ${c.friendships.n.toLocaleString('en')} friendship rows, ${c.transactions.n.toLocaleString('en')} transactions, ${c.notifications.n.toLocaleString('en')} notifications; ${r.dbSize} on disk; seeded in ${r.seedSeconds.toFixed(0)} s.`;
    })
    .join('\n');
  const slowest = met.sort((a, b) => b.median - a.median).slice(0, 3);
  const summary = `
The web app's reads of one heavy user (300 rooms, 2,000 friends, 3,000 transactions, a chat room of 500,000
messages at 1M), one request at a time, answer cache off, ${calls} calls each, at ${runs.map((r) => r.size).join(' and ')}
(1-minute load ${loadBefore.toFixed(1)} at the start). Target at ${big.size}: median ≤ ${TARGET.median} ms, worst ≤ ${TARGET.worst} ms${small ? `, median ≤ ${TARGET.growth}× the ${small.size} median (under 2 ms counts as met)` : ''}.
**${labels.length - misses.length} of ${labels.length} reads met it**${slowest.length ? `; the slowest of those at ${big.size}: ${slowest.map((x) => `${x.label} ${fmt(x.median)} ms (p99 ${fmt(x.p99)})`).join(', ')}` : ''}.${
    missedLines.length
      ? `

| missed | ${header} |${small ? ' growth |' : ''}
|---|${runs.map(() => '---').join('|')}|${small ? '---|' : ''}
${missedLines.join('\n')}`
      : ''
  }
`;
  const body = `
Issue #22 item 1: \`npm run bench -- scale\` (\`bench/scale.mjs\`, seed \`bench/lib/scale-seed.mjs\`). The reads the
web app makes, as one heavy user (in 300 rooms, hosting 20; 2,000 friends; 3,000 transactions; 5,000
notifications; 50 pending friend requests; 20 invites; a room of 200 bills; a chat room of 500,000 messages at 1M,
50,000 at 10k), one request at a time (the sizes' calls interleaved) against the production build with its answer cache off
(\`ANSWER_CACHE_MS=0\`, so every call reads PostgreSQL), ${calls} calls each after 2 warm-up calls: median, p99
(nearest rank of ${calls}: the worst call) and the answer's size. Each bounded list is read twice: as the
original client reads it, "all of them" without \`limit\`/\`cursor\` (marked "(all)", kept byte-identical for
old clients), and as one keyset page, the way the web app is to read it (issue #22 item 2, docs/pagination.md).
CPU: ${await cpuModel()} (${os.cpus().length} cores, shared
with other work: load average ${loadBefore.toFixed(1)} at the start; run with \`nice -n 10\`).

${sizesLine}

Target at 1M users: median ≤ ${TARGET.median} ms, worst ≤ ${TARGET.worst} ms, median ≤ ${TARGET.growth}× the
10k median (a median under 2 ms at 1M counts as met whatever its ratio: noise). ${misses.length ? `Missed: ${misses.join(', ')}.` : 'Every read met it.'}

${lines.join('\n')}
${runs.map((r) => r.problems).join('')}
Suite time ${((Date.now() - started) / 1000).toFixed(0)} s.
`;
  await writeSection('scale', 'Scale: 10k and 1M users (issue #22)', summary, body);
});
