// The money bench's database by SQL (bench/money.mjs): one heavy user in 300 rooms of 8 people (a third in EUR),
// 3,000 transactions of theirs (a third unpaid) in 200 consolidated rounds, and 100 open rounds of 6 bills.
export const SHAPE = Object.freeze({
  ROOMS: 300,
  MEMBERS: 8, // the heavy user and 7 others
  CONSOLIDATED: 200, // rooms with 15 transactions each that involve the heavy user: 3,000
  TX_PER_ROOM: 15,
  OPEN: 100, // rooms with an open round of 6 bills
  BILLS_PER_OPEN_ROOM: 6,
  OTHERS: 2000,
});
const { ROOMS, MEMBERS, CONSOLIDATED, TX_PER_ROOM, OPEN, BILLS_PER_OPEN_ROOM, OTHERS } = SHAPE;

export async function seedMoney(pool) {
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
      `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor, status, is_paid, paid_on, confirmed_on)
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
        `INSERT INTO bills (room_id, owner_id, created_by, name, amount_minor) VALUES ($1, $2, $2, $3, $4) RETURNING id`,
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
