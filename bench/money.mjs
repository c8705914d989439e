// Money reads for a heavy user (issues #18, #19): GET /v1/balances (what I owe and am owed across every room),
// GET /v1/rooms/{id}/balances (a room's open round), GET /v1/rooms/{id}/rounds and GET /v1/transactions, one request
// at a time on the built server, for a user in 300 rooms with 3,000 transactions and 100 open rounds.
// Target (#19): GET /v1/balances ≤ 20 ms median. Writes the `money` section of docs/performance.md.
// Usage: npm run build && node bench/money.mjs [calls per read = 200]
import { reconcileSeeded } from './lib/ledger-reconcile.mjs';
import os from 'node:os';
import { median, percentile, writeSection } from './lib/report.mjs';
import { seedMoney, SHAPE } from './lib/money-seed.mjs';
import { createDatabase, ensureBuild, runSuite, startServer, tokenSigner } from './lib/server.mjs';

const CALLS = Number(process.argv[2] ?? 200);
const { ROOMS, MEMBERS, CONSOLIDATED, TX_PER_ROOM, OPEN, BILLS_PER_OPEN_ROOM, OTHERS } = SHAPE;
async function time(base, token, url) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < CALLS + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
    if (i >= 10) ms.push(performance.now() - t0); // the first ten warm the server up
    bytes = body.byteLength;
  }
  return { median: median(ms), p99: percentile(ms, 99), max: Math.max(...ms), bytes };
}

await runSuite(async () => {
  ensureBuild();
  const db = await createDatabase('money');
  const t0 = performance.now();
  const { me, openRoom, settledRoom } = await seedMoney(db.pool);
  await reconcileSeeded(db.pool);
  const seedS = (performance.now() - t0) / 1000;
  const server = await startServer({ databaseUrl: db.url });
  const token = await (
    await tokenSigner()
  ).sign({
    id: me.id,
    email: me.email,
    username: me.username,
    pictureUrl: me.picture_url,
  });
  const reads = [
    ['GET /v1/balances', '/v1/balances', 20],
    ['GET /v1/rooms/{id}/balances (open round, 6 bills)', `/v1/rooms/${openRoom}/balances`, 20],
    ['GET /v1/rooms/{id}/rounds (a settled round)', `/v1/rooms/${settledRoom}/rounds`, 20],
    ['GET /v1/transactions (unpaid)', '/v1/transactions', undefined],
  ];
  const rows = [];
  for (const [name, url, target] of reads) {
    const r = await time(server.base, token, url);
    const verdict = target === undefined ? '—' : r.median <= target ? 'met' : '**missed**';
    rows.push(
      `| ${name} | ${r.median.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${(r.bytes / 1024).toFixed(1)} kB | ${target ? `≤ ${target} ms median` : '—'} | ${verdict} |`,
    );
  }
  const table = `| read | median | p99 | max | size | target | |
|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  await writeSection(
    'money',
    'Money reads of a heavy user',
    `A user in ${ROOMS} rooms with ${CONSOLIDATED * TX_PER_ROOM} transactions and ${OPEN} open rounds, one request at a time, ${CALLS} calls per read
(1-minute load ${os.loadavg()[0].toFixed(1)}).

${table}`,
    `One client, one request at a time (${CALLS} calls per read after 10 to warm up), the built server on this
machine's PostgreSQL. The user is in ${ROOMS} rooms of ${MEMBERS} people (a third in EUR), with
${CONSOLIDATED * TX_PER_ROOM} transactions (a third unpaid) and ${OPEN} open rounds of ${BILLS_PER_OPEN_ROOM} bills; ${OTHERS} other users.
Seeded by SQL in ${seedS.toFixed(1)} s. Load average at the start: ${os.loadavg()[0].toFixed(1)}.

${table}

GET /v1/balances runs two queries whatever the number of rooms (unpaid transactions grouped per person and room;
open-round shares of only the rooms where the user's own net is not zero) and settles those rooms with the ledger.`,
  );
  await server.stop();
});
