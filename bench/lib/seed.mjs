// Seeds a benchmark database with plain SQL into the real schema (the service layer would take minutes for this
// much data): verified users who all share one password, friendships, rooms with members, messages, pending
// requests and invites, notifications, and consolidated rooms whose transactions are partly paid.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { serverDist } from './server.mjs';

export const PASSWORD = 'bench-password-1';

// User ids start far above the ones test databases hand out: the Redis channel between instances is shared by
// every Outing server on this machine, and frames are addressed by user id.
const FIRST_USER_ID = 1_000_001;

const images = ['birthday', 'gathering', 'party', 'sports', 'travel', 'pets'].map((i) => `/imgs/${i}.png`);
// A fixed sequence, so that two runs seed the same shape.
const pick = (i, n) => ((i * 2654435761) >>> 0) % n;

/**
 * Seeds `users` users (the first `drivers` of them are the ones a suite signs in as: each is in at least 20 rooms,
 * hosts one, owes money and is owed money), `rooms` rooms of about 25 members, and `messages` messages, of which
 * `hotMessages` are in room 0 (the room the suites read). With `everyoneInRoom0` every user is a member of room 0.
 */
export async function seed(
  pool,
  {
    users = 1000,
    rooms = 200,
    messages = 5000,
    hotMessages = 1000,
    drivers = 10,
    everyoneInRoom0 = false,
  } = {},
) {
  const { hashPassword } = await import(path.join(serverDist, 'lib/passwords.js'));
  const hash = await hashPassword(PASSWORD);
  await pool.query(`ALTER TABLE users ALTER COLUMN id RESTART WITH ${FIRST_USER_ID}`);
  const names = Array.from({ length: users }, (_, i) => `bench_${String(i).padStart(4, '0')}`);
  const { rows: userRows } = await pool.query(
    `INSERT INTO users (username, email, password_hash, is_email_valid, registered_at)
     SELECT u, u || '@example.com', $2, true, now() - interval '30 days'
     FROM unnest($1::text[]) WITH ORDINALITY AS t(u, i) ORDER BY i RETURNING id, username`,
    [names, hash],
  );
  const idOf = new Map(userRows.map((r) => [r.username, r.id]));
  const ids = names.map((n) => idOf.get(n));

  // Five friends either side on a ring: ten friends each, stored both ways as the schema wants.
  const fa = [];
  const fb = [];
  for (let i = 0; i < users; i++)
    for (let k = 1; k <= 5; k++) {
      const j = (i + k) % users;
      fa.push(ids[i], ids[j]);
      fb.push(ids[j], ids[i]);
    }
  await pool.query(
    `INSERT INTO friendships (user_id, friend_id) SELECT * FROM unnest($1::int[], $2::int[])`,
    [fa, fb],
  );
  // Pending requests from people twenty places along the ring.
  await pool.query(
    `INSERT INTO friend_requests (sender_id, receiver_id) SELECT * FROM unnest($1::int[], $2::int[])`,
    [ids.map((_, i) => ids[(i + 20) % users]), ids],
  );

  const roomIds = Array.from({ length: rooms }, () => randomUUID());
  const hostIndex = (j) => (j < 20 ? j % drivers : pick(j, users));
  const members = roomIds.map((_, j) => {
    const set = new Set([hostIndex(j)]);
    for (let k = 1; set.size < 25 && k < 200; k++) set.add(pick(j * 31 + k, users));
    if (j < 20) for (let d = 0; d < drivers; d++) set.add(d);
    if (j === 0 && everyoneInRoom0) for (let u = 0; u < users; u++) set.add(u);
    return [...set];
  });
  // Everyone is in at least one open room, so that any user can chat.
  const open = Math.floor(rooms * 0.9);
  const inSome = new Set(members.slice(0, open).flat());
  for (let u = 0; u < users; u++) if (!inSome.has(u)) members[20 + (u % (open - 20))].push(u);
  await pool.query(
    `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, image_url, description, host_id,
       is_private, is_closed, created_at, updated_at)
     SELECT id, 'Bench room ' || j, (current_date + (j % 60))::date, '19:30', 'Venue ' || j, 'local:venue-' || j,
       'https://www.openstreetmap.org/search?query=Venue%20' || j, img, 'A room for the benchmark', host,
       j % 3 = 2, j >= $5, now() - interval '10 days', now() - j * interval '1 minute'
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[]) AS t(id, j, host, img)`,
    [
      roomIds,
      roomIds.map((_, j) => j),
      roomIds.map((_, j) => ids[hostIndex(j)]),
      roomIds.map((_, j) => images[j % images.length]),
      open, // the last tenth closed: `GET /rooms` must skip them
    ],
  );
  const mr = [];
  const mu = [];
  members.forEach((list, j) => list.forEach((u) => (mr.push(roomIds[j]), mu.push(ids[u]))));
  await pool.query(
    `INSERT INTO room_members (room_id, user_id) SELECT * FROM unnest($1::uuid[], $2::int[])`,
    [mr, mu],
  );

  // Messages: every `every`-th in room 0, the rest spread over the other rooms, interleaved in time as chats are.
  const msgRoom = [];
  const msgSender = [];
  const msgContent = [];
  const every = Math.max(1, Math.round(messages / hotMessages));
  for (let k = 0, other = 0; k < messages; k++) {
    const j = k % every === 0 ? 0 : 1 + (other++ % (rooms - 1));
    const list = members[j];
    msgRoom.push(roomIds[j]);
    msgSender.push(ids[list[pick(k, list.length)]]);
    msgContent.push(
      `Seeded message ${k}: see you at the venue, I will bring ${['cake', 'drinks', 'games'][k % 3]}.`,
    );
  }
  await pool.query(
    `INSERT INTO messages (room_id, sender_id, content, sent_at)
     SELECT r, s, c, now() - interval '5 days' + i * interval '1 second'
     FROM unnest($1::uuid[], $2::int[], $3::text[]) WITH ORDINALITY AS t(r, s, c, i)`,
    [msgRoom, msgSender, msgContent],
  );
  // Numbered as the server numbers them after a send (migration 0014).
  await pool.query(`SELECT number_messages(id) FROM rooms`);

  // Rooms 10–19 (hosted by drivers) and 100 and up are consolidated: every other member owes the host; a third paid.
  const consolidated = roomIds.map((_, j) => j).filter((j) => (j >= 10 && j < 20) || j >= 100);
  const { rows: cons } = await pool.query(
    `INSERT INTO consolidations (room_id, created_by)
     SELECT * FROM unnest($1::uuid[], $2::int[]) RETURNING id, room_id`,
    [consolidated.map((j) => roomIds[j]), consolidated.map((j) => ids[hostIndex(j)])],
  );
  const consOf = new Map(cons.map((c) => [c.room_id, c.id]));
  const t = { cons: [], room: [], payer: [], payee: [], minor: [], paid: [] };
  for (const j of consolidated) {
    const host = hostIndex(j);
    members[j]
      .filter((u) => u !== host)
      .forEach((u, k) => {
        t.cons.push(consOf.get(roomIds[j]));
        t.room.push(roomIds[j]);
        t.payer.push(ids[u]);
        t.payee.push(ids[host]);
        t.minor.push(100 + pick(j * 97 + k, 9900));
        t.paid.push(k % 3 === 0);
      });
  }
  await pool.query(
    `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor, is_paid, paid_on, status)
     SELECT c, r, a, e, minor, paid, CASE WHEN paid THEN now() - interval '1 day' END,
       CASE WHEN paid THEN 'paid' ELSE 'unpaid' END
     FROM unnest($1::int[], $2::uuid[], $3::int[], $4::int[], $5::int[], $6::bool[]) AS t(c, r, a, e, minor, paid)`,
    [t.cons, t.room, t.payer, t.payee, t.minor, t.paid],
  );
  // One bill per consolidated room, so that the transactions have something behind them.
  await pool.query(
    `INSERT INTO bills (room_id, owner_id, name, amount_minor, consolidation_id)
     SELECT c.room_id, c.created_by, 'Dinner', 10000, c.id FROM consolidations c`,
  );

  // Five notifications each; pending invites to the open rooms each user is not in.
  await pool.query(
    `INSERT INTO notifications (user_id, title, content, is_read, created_at)
     SELECT u, 'Reminder', 'Notification ' || k || ' for the benchmark', k < 3, now() - k * interval '1 hour'
     FROM unnest($1::int[]) AS u, generate_series(1, 5) AS k`,
    [ids],
  );
  const ir = [];
  const iu = [];
  const ih = [];
  for (let u = 0; u < users; u++) {
    const j = 20 + pick(u, open - 20);
    if (members[j].includes(u)) continue;
    ir.push(roomIds[j]);
    iu.push(ids[u]);
    ih.push(ids[hostIndex(j)]);
  }
  await pool.query(
    `INSERT INTO invites (room_id, user_id, inviter_id) SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[])`,
    [ir, iu, ih],
  );
  // As autovacuum (on by default, and in the embedded PostgreSQL) leaves a database: statistics, and the visibility
  // map that lets index-only scans skip the heap. The machine's PostgreSQL here runs with autovacuum off, so a
  // freshly seeded database would otherwise be measured in a state no deployment is in.
  await pool.query('VACUUM ANALYZE');
  const users_ = names.map((username, i) => ({ id: ids[i], username }));
  return {
    users: users_,
    drivers: users_.slice(0, drivers),
    roomIds,
    membersOf: (j) => members[j].map((u) => users_[u]),
    /** Room indices a user (by index) belongs to that are still open. */
    openRoomsOf: (u) => roomIds.map((_, j) => j).filter((j) => j < open && members[j].includes(u)),
  };
}
