// Seeds the scale bench's database (issue #22) by SQL only: generate_series and integer hashing, so that a million
// users, five million messages and the rest take minutes, and two seeds of the same size and base date give the
// same rows (no random(), no now(): every value is a function of its row number). Sizes at factor 1 (the "1M" size):
// 1,000,000 users, 100,000 rooms (40 % public, 10 % closed), 500,000 memberships, 5,000,000 messages of which
// 500,000 are in one room. Factor 0.01 is the "10k" size (everything / 100, but the big room keeps 50,000).
// One heavy user, the one the bench reads as: in 300 rooms (hosting 20), 2,000 friends, 3,000 transactions,
// 5,000 notifications, 50 pending friend requests, 20 pending invites, the big room's chat and a room of 200 bills.
// Triggers are off while seeding (session_replication_role = replica: FK checks and the bookkeeping triggers), so the
// derived columns (member and RSVP counts, starts_at, message sequence numbers and counts) are written here directly.

// User ids start far above the ones test databases hand out (frames between instances are addressed by user id).
export const FIRST_USER_ID = 5_000_001;

/** The sizes at `factor` (1 = the 1M size). The heavy user's own numbers stay the same where the size allows. */
export function sizes(factor) {
  const users = Math.max(100, Math.round(1_000_000 * factor));
  const rooms = Math.max(20, Math.round(100_000 * factor));
  const heavyRooms = Math.min(300, Math.floor(rooms / 2));
  return {
    users,
    rooms,
    memberships: Math.max(rooms * 2, Math.round(500_000 * factor)),
    hotMessages: Math.max(50, Math.round(500_000 * Math.sqrt(factor))),
    otherMessages: Math.max(100, Math.round(4_500_000 * factor)),
    heavyRooms,
    heavyHosts: Math.min(20, heavyRooms),
    friends: Math.min(2000, Math.floor(users / 4)),
    transactions: Math.min(3000, heavyRooms * 10),
    notifications: Math.min(5000, users),
    requests: Math.min(50, Math.floor(users / 20)),
    invites: Math.min(20, Math.floor(rooms / 10)),
    bills: Math.min(200, users),
  };
}

export const HEAVY_ID = FIRST_USER_ID;
/** The room of many messages and the room of many bills (both among the heavy user's, both open). */
export const roomUuid = (j) =>
  // md5 of a fixed text, with the version and variant digits of a v4 uuid (the API accepts only those): the same
  // uuid for the same room number in every seed.
  `overlay(overlay(md5('scale-room-' || ${j}) placing '4' from 13) placing '8' from 17)::uuid`;

const NAMES = [
  'ana',
  'ben',
  'chen',
  'dara',
  'eli',
  'fatma',
  'gus',
  'hana',
  'ivo',
  'jun',
  'kai',
  'lea',
  'mo',
  'nia',
];
/** The display names' second words (one user in three has a display name). */
const FAMILY_NAMES = [
  'Lee',
  'Tan',
  'Ng',
  'Okafor',
  'Silva',
  'Novak',
  'Haddad',
  'Kowalski',
  'Sato',
  'Müller',
  'Rossi',
];

/**
 * Seeds `pool` (a migrated, empty database; the connection must be a superuser's for the trigger switch) at
 * `factor`, dated from `baseDate` (YYYY-MM-DD: rooms are spread around it, messages and notifications before it).
 * Answers the sizes and the ids the bench reads.
 */
export async function scaleSeed(pool, { factor = 0.01, baseDate, log = () => {} } = {}) {
  const s = sizes(factor);
  baseDate ??= new Date().toISOString().slice(0, 10);
  const client = await pool.connect();
  const t0 = Date.now();
  const step = async (what, sql, params = []) => {
    const t = Date.now();
    const res = await client.query(sql, params);
    log(`  ${what}: ${res.rowCount ?? ''} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return res;
  };
  // Knuth's multiplicative hash of a row number into [0, n): deterministic and spread out.
  const h = (expr, n, salt = 0) => `((((${expr})::bigint + ${salt}) * 2654435761) % 4294967296 % ${n})::int`;
  const U = s.users;
  const R = s.rooms;
  const base = `'${baseDate}'::timestamptz`;
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    // Users: user i (0-based) has id FIRST_USER_ID + i; user 0 is the heavy user. Usernames are a name and the
    // row number, so a search for a few digits matches about as many users as a name fragment would in real life.
    // One user in three has a display name (issue 37): a capitalised name and a family name, shared by many.
    await step(
      'users',
      `INSERT INTO users (id, username, email, password_hash, is_email_valid, registered_at, tokens_valid_after,
         display_name)
       OVERRIDING SYSTEM VALUE
       SELECT ${FIRST_USER_ID} + i,
         CASE WHEN i = 0 THEN 'heavy_user' ELSE (ARRAY['${NAMES.join("','")}'])[1 + i % ${NAMES.length}] || '_' || i END,
         'scale' || i || '@example.com', NULL, true, ${base} - interval '400 days' + i * interval '1 second', 'epoch',
         CASE WHEN i % 3 = 1 THEN initcap((ARRAY['${NAMES.join("','")}'])[1 + (i / 7) % ${NAMES.length}]) || ' '
           || (ARRAY['${FAMILY_NAMES.join("','")}'])[1 + i % ${FAMILY_NAMES.length}] ELSE '' END
       FROM generate_series(0, ${U - 1}) AS i`,
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), ${FIRST_USER_ID + U})`);

    // Friendships, both ways: the heavy user and users 1..friends; everyone else with the next user on a ring.
    await step(
      'friendships',
      `INSERT INTO friendships (user_id, friend_id, created_at)
       SELECT a, b, ${base} - interval '100 days' FROM (
         SELECT ${FIRST_USER_ID} AS a, ${FIRST_USER_ID} + i AS b FROM generate_series(1, ${s.friends}) i
         UNION ALL SELECT ${FIRST_USER_ID} + i, ${FIRST_USER_ID} FROM generate_series(1, ${s.friends}) i
         UNION ALL SELECT ${FIRST_USER_ID} + i, ${FIRST_USER_ID} + i + 1 FROM generate_series(${s.friends + 1}, ${U - 2}) i
         UNION ALL SELECT ${FIRST_USER_ID} + i + 1, ${FIRST_USER_ID} + i FROM generate_series(${s.friends + 1}, ${U - 2}) i
       ) f`,
    );
    // Pending requests: to the heavy user from the users just after its friends; one in ten users has one too.
    await step(
      'friend_requests',
      `INSERT INTO friend_requests (id, sender_id, receiver_id, status, sent_at) OVERRIDING SYSTEM VALUE
       SELECT k, snd, rcv, 'pending', ${base} - k * interval '1 minute' FROM (
         SELECT i AS k, ${FIRST_USER_ID} + ${s.friends} + i AS snd, ${FIRST_USER_ID} AS rcv
         FROM generate_series(1, ${s.requests}) i
         UNION ALL
         SELECT ${s.requests} + i, ${FIRST_USER_ID} + ${s.friends + s.requests + 1} + (i * 10 + 5) % ${U - s.friends - s.requests - 1},
           ${FIRST_USER_ID} + ${s.friends + s.requests + 1} + (i * 10) % ${U - s.friends - s.requests - 1}
         FROM generate_series(1, ${Math.floor(U / 10)}) i
       ) r`,
    );

    // Rooms: room j is public when j % 5 < 2 (40 %), closed when j % 10 = 9; rooms 0..heavyRooms-1 are the heavy
    // user's (it hosts the first heavyHosts); dates run from 30 days before the base date to 90 after, so that
    // there are past rooms and a long list of upcoming public ones.
    await step(
      'rooms',
      `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, image_url, description, host_id,
         is_private, is_closed, created_at, updated_at, currency, time_zone, starts_at)
       SELECT ${roomUuid('j')}, 'Scale room ' || j, d, '19:30', v, 'local:venue-' || (j % 5000),
         'https://www.openstreetmap.org/search?query=' || replace(v, ' ', '%20'),
         '/imgs/' || (ARRAY['birthday','gathering','party','sports','travel','pets'])[1 + j % 6] || '.png',
         'A room of the scale benchmark', host, j % 5 >= 2, j % 10 = 9,
         ${base} - interval '60 days' + j * interval '1 second', ${base} - j * interval '1 second', 'USD', 'UTC',
         (d + time '19:30') AT TIME ZONE 'UTC'
       FROM (SELECT j,
               ('${baseDate}'::date - 30 + ${h('j', 120, 7)}) AS d,
               (ARRAY['Cafe','Park','Hall','Bar','Club','Arena','Garden'])[1 + j % 7] || ' ' || (j % 5000) AS v,
               CASE WHEN j < ${s.heavyHosts} THEN ${FIRST_USER_ID} ELSE ${FIRST_USER_ID} + 1 + ${h('j', U - 1)} END AS host
             FROM generate_series(0, ${R - 1}) j) r`,
    );
    // Memberships: every host; the heavy user in its rooms; the first 50 of its friends in the big room (room 0);
    // the rest spread by hash (duplicates dropped, so the total is a little under the target).
    await step(
      'room_members',
      `INSERT INTO room_members (room_id, user_id, joined_at, rsvp, rsvp_at)
       SELECT DISTINCT ON (room, uid) ${roomUuid('room')}, uid, ${base} - interval '30 days', 'going', ${base} - interval '30 days'
       FROM (
         SELECT j AS room, CASE WHEN j < ${s.heavyHosts} THEN ${FIRST_USER_ID} ELSE ${FIRST_USER_ID} + 1 + ${h('j', U - 1)} END AS uid
           FROM generate_series(0, ${R - 1}) j
         UNION ALL SELECT j, ${FIRST_USER_ID} FROM generate_series(0, ${s.heavyRooms - 1}) j
         UNION ALL SELECT 0, ${FIRST_USER_ID} + i FROM generate_series(1, 50) i
         UNION ALL SELECT k % ${R}, ${FIRST_USER_ID} + 1 + ${h('k', U - 1, 99)}
           FROM generate_series(1, ${s.memberships - R - s.heavyRooms - 50}) k
       ) m ORDER BY room, uid`,
    );
    await step(
      'member counts',
      `UPDATE rooms r SET member_count = c.n, going_count = c.n
       FROM (SELECT room_id, count(*)::int AS n FROM room_members GROUP BY room_id) c WHERE c.room_id = r.id`,
    );
    // Pending invites of the heavy user to public open rooms it is not in.
    await step(
      'invites',
      `INSERT INTO invites (room_id, user_id, inviter_id, status, created_at)
       SELECT r.id, ${FIRST_USER_ID}, r.host_id, 'pending', ${base} - k * interval '1 hour'
       FROM generate_series(1, ${s.invites}) k
       JOIN rooms r ON r.id = ${roomUuid(`${s.heavyRooms} + k * 5`)}`,
    );
    await client.query(
      `UPDATE rooms r SET invited_count = 1 WHERE id IN (SELECT room_id FROM invites WHERE status = 'pending')`,
    );

    // The messages' secondary indexes are built once after the rows are in (a sort), not row by row: 4.5M inserts
    // at random places of two (room_id, ...) indexes were bound by disk reads with a small shared_buffers.
    const messageIndexes = await dropIndexes(client, 'messages');
    // Messages: the big room 0 (its senders are the 50 friends in it), then the rest round-robin over rooms
    // 1..R-1 (sent by each room's host). seq is the message's number in its room (migration 0012).
    const other = s.otherMessages;
    await step(
      'messages (big room)',
      `INSERT INTO messages (id, room_id, sender_id, content, sent_at, seq) OVERRIDING SYSTEM VALUE
       SELECT k, ${roomUuid(0)}, ${FIRST_USER_ID} + 1 + k % 50,
         'Big room message ' || k || ': see you at the venue, I will bring ' || (ARRAY['cake','drinks','games'])[1 + k % 3] || '.',
         ${base} - interval '200 days' + k * interval '10 seconds', k
       FROM generate_series(1, ${s.hotMessages}) k`,
    );
    await step(
      'messages (other rooms)',
      `INSERT INTO messages (id, room_id, sender_id, content, sent_at, seq) OVERRIDING SYSTEM VALUE
       SELECT ${s.hotMessages} + k, ${roomUuid('j')},
         CASE WHEN j < ${s.heavyHosts} THEN ${FIRST_USER_ID} ELSE ${FIRST_USER_ID} + 1 + ${h('j', U - 1)} END,
         'Message ' || k || ': see you at the venue, I will bring ' || (ARRAY['cake','drinks','games'])[1 + k % 3] || '.',
         ${base} - interval '100 days' + k * interval '1 second', 1 + (k - 1) / ${R - 1}
       FROM (SELECT k, 1 + (k - 1) % ${R - 1} AS j FROM generate_series(1, ${other}) k) m`,
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('messages', 'id'), ${s.hotMessages + other + 1})`,
    );
    for (const [index, definition] of messageIndexes) await step(`index ${index}`, definition);
    await step(
      'message counts',
      `UPDATE rooms r SET message_count = c.n
       FROM (SELECT room_id, max(seq) AS n FROM messages GROUP BY room_id) c WHERE c.room_id = r.id`,
    );

    // Read markers as members leave them (the chat trigger starts them at the newest message on joining, and reading
    // moves them): the heavy user has read all but the last three messages of each of its rooms.
    await step(
      'read markers',
      `UPDATE room_members rm SET last_read_message_id = coalesce((SELECT m.id FROM messages m
         WHERE m.room_id = rm.room_id AND m.seq = r.message_count - 3), 0)
       FROM rooms r WHERE r.id = rm.room_id AND rm.user_id = ${FIRST_USER_ID}`,
    );

    // Money. Room 1 (open, the heavy user's) has `bills` open bills of the heavy user, each split with two members.
    await step(
      'bills (open round)',
      `INSERT INTO bills (id, room_id, owner_id, name, amount_minor, include_owner, created_at, created_by, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT k, ${roomUuid(1)}, ${FIRST_USER_ID}, 'Bill ' || k, 1000 + k, true,
         ${base} - k * interval '1 minute', ${FIRST_USER_ID}, ${base} - k * interval '1 minute'
       FROM generate_series(1, ${s.bills}) k`,
    );
    // Room 1's other members (the heavy user and at least one more).
    await step(
      'bill payers',
      `INSERT INTO bill_payers (bill_id, user_id)
       SELECT b.id, m.user_id FROM bills b
       JOIN LATERAL (SELECT user_id FROM room_members WHERE room_id = b.room_id AND user_id <> ${FIRST_USER_ID}
                     ORDER BY user_id LIMIT 2) m ON true`,
    );
    await step(
      'bill shares',
      `INSERT INTO bill_shares (bill_id, user_id, amount_minor)
       SELECT b.id, p.user_id, b.amount_minor / 3 FROM bills b JOIN bill_payers p ON p.bill_id = b.id
       UNION ALL SELECT b.id, b.owner_id, b.amount_minor - 2 * (b.amount_minor / 3) FROM bills b`,
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('bills', 'id'), ${s.bills + 1})`);
    // Consolidations: the heavy user's rooms 10..heavyRooms-1, and every closed room beyond them; transactions:
    // `transactions` of the heavy user's (payer of every other one, payee otherwise; a third paid), four per other.
    await step(
      'consolidations',
      `INSERT INTO consolidations (id, room_id, created_by, created_at) OVERRIDING SYSTEM VALUE
       SELECT j + 1, ${roomUuid('j')}, CASE WHEN j < ${s.heavyHosts} THEN ${FIRST_USER_ID}
         ELSE ${FIRST_USER_ID} + 1 + ${h('j', U - 1)} END, ${base} - interval '20 days'
       FROM generate_series(10, ${R - 1}) j WHERE j < ${s.heavyRooms} OR j % 10 = 9`,
    );
    const heavyTx = s.transactions;
    const spread = s.heavyRooms - 10;
    await step(
      'transactions',
      `INSERT INTO transactions (id, consolidation_id, room_id, payer_id, payee_id, amount_minor, is_paid, paid_on,
         created_at, status)
       OVERRIDING SYSTEM VALUE
       SELECT k, room + 1, ${roomUuid('room')},
         CASE WHEN k % 2 = 0 THEN ${FIRST_USER_ID} ELSE other END,
         CASE WHEN k % 2 = 0 THEN other ELSE ${FIRST_USER_ID} END,
         100 + ${h('k', 9900)}, k % 3 = 0, CASE WHEN k % 3 = 0 THEN ${base} - k * interval '1 minute' END,
         ${base} - interval '20 days' + k * interval '1 second', CASE WHEN k % 3 = 0 THEN 'paid' ELSE 'unpaid' END
       FROM (SELECT k, 10 + k % ${spread} AS room, ${FIRST_USER_ID} + 1 + ${h('k', U - 1, 3)} AS other
             FROM generate_series(1, ${heavyTx}) k) t
       UNION ALL
       SELECT ${heavyTx} + c.id * 4 + q, c.id, c.room_id, ${FIRST_USER_ID} + 1 + ${h('c.id * 4 + q', U - 1, 5)}, c.created_by,
         500, q = 0, CASE WHEN q = 0 THEN ${base} - interval '1 day' END, ${base} - interval '20 days',
         CASE WHEN q = 0 THEN 'paid' ELSE 'unpaid' END
       FROM consolidations c, generate_series(0, 3) q WHERE c.id > ${s.heavyRooms}`,
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('transactions', 'id'), max(id) + 1) FROM transactions`,
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('consolidations', 'id'), max(id) + 1) FROM consolidations`,
    );

    // Notifications: the heavy user's, a fifth unread; one for every other user.
    await step(
      'notifications',
      `INSERT INTO notifications (id, user_id, title, content, is_read, created_at, kind) OVERRIDING SYSTEM VALUE
       SELECT k, ${FIRST_USER_ID}, 'Reminder', 'Notification ' || k || ' of the scale benchmark', k % 5 <> 0,
         ${base} - k * interval '1 minute', 'other'
       FROM generate_series(1, ${s.notifications}) k
       UNION ALL
       SELECT ${s.notifications} + i, ${FIRST_USER_ID} + i, 'Reminder', 'Notification of the scale benchmark', i % 2 = 0,
         ${base} - i * interval '1 second', 'other'
       FROM generate_series(1, ${U - 1}) i`,
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('notifications', 'id'), max(id) + 1) FROM notifications`,
    );
    await client.query(`SET session_replication_role = DEFAULT`);
    await step('vacuum analyze', 'VACUUM ANALYZE');
  } finally {
    await client.query(`SET session_replication_role = DEFAULT`).catch(() => {});
    client.release();
  }
  log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const uuid = async (j) => (await pool.query(`SELECT ${roomUuid(j)} AS id`)).rows[0].id;
  return {
    sizes: s,
    heavyId: FIRST_USER_ID,
    bigRoom: await uuid(0),
    billsRoom: await uuid(1),
    /** A public open room the heavy user is not in (for the join-by-link room read). */
    publicRoom: await uuid(s.heavyRooms + 5),
  };
}

/**
 * Drops a table's indexes that no constraint owns (the primary key stays) and answers their definitions, exactly as
 * the migrations made them, to be created again after a bulk load.
 */
async function dropIndexes(client, table) {
  const { rows } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i WHERE i.indrelid = $1::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
  return rows.map((r) => [r.name, r.definition]);
}

/** How many rows each table the bench reports has. */
export async function counts(pool) {
  const out = {};
  for (const table of [
    'users',
    'rooms',
    'room_members',
    'messages',
    'friendships',
    'transactions',
    'notifications',
  ])
    out[table] = { n: (await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n };
  return out;
}

/** A stable fingerprint of every seeded table (for the reproducibility test): md5 of its rows in key order. */
export async function fingerprint(pool) {
  const tables = {
    users: 'id',
    friendships: 'user_id, friend_id',
    friend_requests: 'id',
    rooms: 'id',
    room_members: 'room_id, user_id',
    invites: 'room_id, user_id',
    messages: 'id',
    bills: 'id',
    bill_payers: 'bill_id, user_id',
    bill_shares: 'bill_id, user_id',
    consolidations: 'id',
    transactions: 'id',
    notifications: 'id',
  };
  const out = {};
  for (const [table, key] of Object.entries(tables)) {
    // invites.id comes from the sequence of a fresh database; every other column is the seed's.
    const cols = table === 'invites' ? 'room_id, user_id, inviter_id, status, created_at' : '*';
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY ${key}), '')) AS md5
       FROM (SELECT ${cols} FROM ${table}) t`,
    );
    out[table] = rows[0];
  }
  return out;
}
