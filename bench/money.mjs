// Money reads for a heavy user (issues #18, #19): GET /v1/balances (what I owe and am owed across every room),
// GET /v1/rooms/{id}/balances (a room's open round), GET /v1/rooms/{id}/rounds and GET /v1/transactions, one request
// at a time on the built server, for a user in 300 rooms with 3,000 transactions and 100 open rounds.
// Target (#19): GET /v1/balances ≤ 20 ms median. Writes the `money` section of docs/performance.md.
// Usage: npm run build && node bench/money.mjs [calls per read = 200]
import os from 'node:os';
import { median, percentile, writeSection } from './lib/report.mjs';
import { createDatabase, ensureBuild, runSuite, startServer, tokenSigner } from './lib/server.mjs';

const CALLS = Number(process.argv[2] ?? 200);
const ROOMS = 300;
const MEMBERS = 8; // the heavy user and 7 others
const CONSOLIDATED = 200; // rooms with 15 transactions each that involve the heavy user: 3,000
const TX_PER_ROOM = 15;
const OPEN = 100; // rooms with an open round of 6 bills
const BILLS_PER_OPEN_ROOM = 6;
const OTHERS = 2000;

async function seedMoney(pool) {
  const { rows: users } = await pool.query(
    `INSERT INTO users (username, email, is_email_valid)
     SELECT 'money_' || i, 'money_' || i || '@example.com', true FROM generate_series(0, $1) i RETURNING id`,
    [OTHERS],
  );
  const me = users[0].id;
  const others = users.slice(1).map((u) => u.id);
  const roomIds = [];
  const members = [];
  for (let r = 0; r < ROOMS; r++) {
    const { rows } = await pool.query(
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id, currency)
       VALUES (gen_random_uuid(), $1, current_date + 7, '19:30', 'Hall', 'local:hall', 'https://maps.example', $2, $3)
       RETURNING id`,
      [`Money room ${r}`, me, r % 3 === 0 ? 'EUR' : 'USD'],
    );
    const id = rows[0].id;
    roomIds.push(id);
    const people = [
      me,
      ...Array.from({ length: MEMBERS - 1 }, (_, k) => others[(r * 7 + k * 13) % others.length]),
    ];
    members.push(people);
    await pool.query(`INSERT INTO room_members (room_id, user_id) SELECT $1, u FROM unnest($2::int[]) u`, [
      id,
      people,
    ]);
  }
  // Consolidated rounds: 15 transactions each between the heavy user and the others, two thirds paid.
  for (let r = 0; r < CONSOLIDATED; r++) {
    const { rows } = await pool.query(
      `INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2) RETURNING id`,
      [roomIds[r], me],
    );
    const c = rows[0].id;
    const payer = [];
    const payee = [];
    const amount = [];
    const status = [];
    for (let k = 0; k < TX_PER_ROOM; k++) {
      const other = members[r][1 + (k % (MEMBERS - 1))];
      const iPay = k % 2 === 0;
      payer.push(iPay ? me : other);
      payee.push(iPay ? other : me);
      amount.push(100 + ((r * 31 + k * 17) % 5000));
      status.push(k % 3 === 0 ? 'unpaid' : k % 3 === 1 ? 'paid' : 'confirmed');
    }
    await pool.query(
      `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents, status, is_paid, paid_on, confirmed_on)
       SELECT $1, $2, p, e, a, s, s <> 'unpaid', CASE WHEN s <> 'unpaid' THEN now() END, CASE WHEN s = 'confirmed' THEN now() END
       FROM unnest($3::int[], $4::int[], $5::int[], $6::text[]) AS t(p, e, a, s)`,
      [c, roomIds[r], payer, payee, amount, status],
    );
  }
  // Open rounds in the other rooms: 6 bills each, paid by a member in turn, split equally among everyone.
  for (let r = CONSOLIDATED; r < CONSOLIDATED + OPEN; r++) {
    for (let b = 0; b < BILLS_PER_OPEN_ROOM; b++) {
      const owner = members[r][b % MEMBERS];
      const total = 1000 + ((r * 13 + b * 101) % 20000);
      const { rows } = await pool.query(
        `INSERT INTO bills (room_id, owner_id, created_by, name, amount_cents) VALUES ($1, $2, $2, $3, $4) RETURNING id`,
        [roomIds[r], owner, `Bill ${b}`, total],
      );
      const base = Math.floor(total / MEMBERS);
      const shares = members[r].map((_, i) => base + (i < total - base * MEMBERS ? 1 : 0));
      await pool.query(
        `INSERT INTO bill_shares (bill_id, user_id, amount_minor) SELECT $1, u, m FROM unnest($2::int[], $3::int[]) AS t(u, m)`,
        [rows[0].id, members[r], shares],
      );
    }
  }
  await pool.query('VACUUM ANALYZE');
  const { rows: meRow } = await pool.query(
    'SELECT id, username, email, picture_url FROM users WHERE id = $1',
    [me],
  );
  return { me: meRow[0], openRoom: roomIds[CONSOLIDATED], settledRoom: roomIds[0] };
}

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
  await writeSection(
    'money',
    'Money reads of a heavy user',
    `One client, one request at a time (${CALLS} calls per read after 10 to warm up), the built server on this
machine's PostgreSQL. The user is in ${ROOMS} rooms of ${MEMBERS} people (a third in EUR), with
${CONSOLIDATED * TX_PER_ROOM} transactions (a third unpaid) and ${OPEN} open rounds of ${BILLS_PER_OPEN_ROOM} bills; ${OTHERS} other users.
Seeded by SQL in ${seedS.toFixed(1)} s. Load average at the start: ${os.loadavg()[0].toFixed(1)}.

| read | median | p99 | max | size | target | |
|---|---|---|---|---|---|---|
${rows.join('\n')}

GET /v1/balances runs two queries whatever the number of rooms (unpaid transactions grouped per person and room;
open-round shares of only the rooms where the user's own net is not zero) and settles those rooms with the ledger.`,
  );
  await server.stop();
});
