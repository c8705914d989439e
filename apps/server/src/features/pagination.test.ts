import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@outing/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser, type TestUser } from '../test/users.js';

/**
 * Bounded answers (issue #22 item 2, docs/pagination.md): every list the web app reads takes `limit` and `cursor`.
 * For each: the pages, walked to the end, are exactly the unpaged answer in its order (rows with equal sort times
 * included: the id breaks the tie, so no row is lost or repeated between pages); the unpaged answer has no
 * `nextCursor`; another user's rows never appear; a cursor that is not one of this list's is a 400 envelope.
 */

let t: TestApp;
let me: TestUser;
let other: TestUser;
const room = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t);
  other = await createUser(t);
  const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params).then((r) => r.rows);
  // Seven friends of mine, one of them also the other user's; one friend of the other user only.
  const friends = (
    await q(
      `INSERT INTO users (username, email, is_email_valid)
       SELECT 'pg_friend_' || i, 'pg_friend_' || i || '@example.com', true FROM generate_series(1, 8) i RETURNING id`,
    )
  ).map((r) => r.id as number);
  await q(
    `INSERT INTO friendships (user_id, friend_id)
     SELECT $1::int, f FROM unnest($2::int[]) f UNION ALL SELECT f, $1::int FROM unnest($2::int[]) f
     UNION ALL SELECT $3::int, f FROM unnest($4::int[]) f`,
    [me.id, friends.slice(0, 7), other.id, [friends[0], friends[7]]],
  );
  // Pending requests to me, five sent at the very same moment; one to the other user.
  await q(
    `INSERT INTO friend_requests (sender_id, receiver_id, sent_at)
     SELECT f, $1::int, timestamptz '2026-11-01 10:00:00.123456+00' FROM unnest($2::int[]) f
     UNION ALL SELECT $3::int, $1::int, timestamptz '2026-11-02 10:00:00+00'
     UNION ALL SELECT $3::int, $4::int, timestamptz '2026-11-03 10:00:00+00'`,
    [me.id, friends.slice(1, 6), friends[6], other.id],
  );
  // Rooms 1..6 are mine (5 and 6 closed), all updated at one moment; 7 is the other user's (open) and 8 (closed).
  await q(
    `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id, is_closed, updated_at)
     SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Room ' || i, current_date + 7, '19:00',
       'Cafe', 'local:cafe', 'https://maps.example', CASE WHEN i <= 6 THEN $1::int ELSE $2::int END, i IN (5, 6, 8),
       timestamptz '2026-11-20 12:00:00.5+00'
     FROM generate_series(1, 8) i`,
    [me.id, other.id],
  );
  await q(
    `INSERT INTO room_members (room_id, user_id)
     SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, CASE WHEN i <= 6 THEN $1::int ELSE $2::int END
     FROM generate_series(1, 8) i`,
    [me.id, other.id],
  );
  await q(`UPDATE rooms SET updated_at = timestamptz '2026-11-20 12:00:00.5+00'`);
  // Five bills in room 1 at one moment and one later; a bill in the other user's room 7.
  await q(
    `INSERT INTO bills (room_id, owner_id, name, amount_minor, created_by, created_at)
     SELECT $1::uuid, $2::int, 'Bill ' || i, 1000 + i, $2::int,
       CASE WHEN i = 6 THEN timestamptz '2026-11-21 00:00:00+00' ELSE timestamptz '2026-11-20 00:00:00+00' END
     FROM generate_series(1, 6) i
     UNION ALL SELECT $3::uuid, $4::int, 'Theirs', 500, $4::int, now()`,
    [room(1), me.id, room(7), other.id],
  );
  // Transactions: in my closed room 5, four unpaid at one moment and three paid at one moment; two of the other's.
  const [c5, c8] = (
    await q(`INSERT INTO consolidations (room_id, created_by) VALUES ($1, $2), ($3, $4) RETURNING id`, [
      room(5),
      me.id,
      room(8),
      other.id,
    ])
  ).map((r) => r.id as number);
  await q(
    `INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor, is_paid, paid_on, status,
       created_at)
     SELECT $1::int, $2::uuid, CASE WHEN i % 2 = 0 THEN $3::int ELSE $4::int END,
       CASE WHEN i % 2 = 0 THEN $4::int ELSE $3::int END, 100 * i, i > 4,
       CASE WHEN i > 4 THEN timestamptz '2026-11-22 08:00:00+00' END, CASE WHEN i > 4 THEN 'paid' ELSE 'unpaid' END,
       timestamptz '2026-11-21 08:00:00+00'
     FROM generate_series(1, 7) i
     UNION ALL SELECT $5::int, $6::uuid, $7::int, $4::int, 999, p, CASE WHEN p THEN now() END,
       CASE WHEN p THEN 'paid' ELSE 'unpaid' END, now()
     FROM unnest(ARRAY[false, true]) p`,
    [c5, room(5), me.id, friends[0], c8, room(8), other.id],
  );
});
afterAll(() => t.close());

const get = (u: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${u.token}` } });

type Item = { id: number | string };
const join = (url: string, params: string) => `${url}${url.includes('?') ? '&' : '?'}${params}`;

/** Every page of `url` at `limit`, and the unpaged answer. */
async function walk(u: TestUser, url: string, limit: number) {
  const unpaged = await get(u, url);
  expect(unpaged.statusCode, url).toBe(200);
  const all = unpaged.json() as { data: Item[] };
  expect('nextCursor' in all, `${url}: no nextCursor without limit`).toBe(false);
  const pages: Item[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const res = await get(
      u,
      join(url, `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    );
    expect(res.statusCode, url).toBe(200);
    const body = res.json() as { data: Item[]; nextCursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    pages.push(body.data);
    cursor = body.nextCursor;
    if (cursor === null) break;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  }
  expect(cursor, `${url}: the last page says so`).toBeNull();
  return { all: all.data, pages };
}

const lists = () => [
  { name: 'friends', url: `/v1/users/${me.id}/friends`, n: 7 },
  { name: 'friend requests', url: `/v1/users/${me.id}/friends/requests`, n: 6 },
  { name: 'rooms', url: '/v1/rooms', n: 4 },
  { name: 'past rooms', url: '/v1/rooms/past', n: 2 },
  { name: 'bills of a room', url: `/v1/bills?roomId=${room(1)}`, n: 6 },
  { name: 'bills of one owner', url: `/v1/bills?roomId=${room(1)}&ownerId=${me.id}`, n: 6 },
  { name: 'settled rounds of a room', url: `/v1/rooms/${room(5)}/rounds`, n: 1 },
  { name: 'transactions unpaid', url: '/v1/transactions?isPaid=false', n: 4 },
  { name: 'transactions paid', url: '/v1/transactions?isPaid=true', n: 3 },
];

describe('keyset pages of the lists the web app reads', () => {
  it('walk to the end in the unpaged order, ties included, with nothing of anyone else', async () => {
    for (const { name, url, n } of lists()) {
      for (const limit of [1, 2, 4]) {
        const { all, pages } = await walk(me, url, limit);
        expect(all.length, name).toBe(n);
        expect(
          pages.flat().map((x) => x.id),
          `${name} at limit ${limit}`,
        ).toEqual(all.map((x) => x.id));
        // limit + 1 rows are read: a last page that is full already knows it is the last.
        expect(pages.length, name).toBe(Math.max(1, Math.ceil(n / limit)));
      }
    }
  });

  it('a page is the same rows whether asked for with a limit or by a cursor without one (default 50)', async () => {
    const first = (await get(me, '/v1/rooms?limit=100')).json() as { data: Item[]; nextCursor: null };
    expect(first.nextCursor).toBeNull();
    const twoThen = (await get(me, '/v1/rooms?limit=2')).json() as { data: Item[]; nextCursor: string };
    const rest = (await get(me, `/v1/rooms?cursor=${twoThen.nextCursor}`)).json() as {
      data: Item[];
      nextCursor: null;
    };
    expect([...twoThen.data, ...rest.data].map((r) => r.id)).toEqual(first.data.map((r) => r.id));
    expect(rest.nextCursor).toBeNull();
  });

  it('never shows another user’s rows, and the other user’s pages hold only theirs', async () => {
    const myTransactions = new Set<string | number>();
    for (const paid of [true, false])
      for (const x of (await walk(me, `/v1/transactions?isPaid=${paid}`, 2)).all) myTransactions.add(x.id);
    const theirRooms = (await walk(other, '/v1/rooms', 1)).all.map((r) => r.id);
    expect(theirRooms).toEqual([room(7)]);
    const theirPaid = (await walk(other, '/v1/transactions?isPaid=true', 1)).all;
    expect(theirPaid).toHaveLength(1);
    expect(myTransactions.has(theirPaid[0]!.id)).toBe(false);
    const theirRequests = (await walk(other, `/v1/users/${other.id}/friends/requests`, 1)).all;
    expect(theirRequests).toHaveLength(1);
    // Someone else's list is still refused, with or without a cursor.
    expect((await get(me, `/v1/users/${other.id}/friends?limit=2`)).statusCode).toBe(403);
    expect((await get(me, `/v1/bills?roomId=${room(7)}&limit=2`)).statusCode).toBe(403);
  });

  it('answers a bad cursor or limit with a 400 envelope naming the field', async () => {
    const friendsCursor = (
      (await get(me, `/v1/users/${me.id}/friends?limit=1`)).json() as { nextCursor: string }
    ).nextCursor;
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const { url } of lists()) {
      for (const cursor of [
        'not-a-cursor',
        b64(['x']),
        b64([1, 2, 3]),
        b64(['12345', -1]),
        b64(['9999999999999999999999', 'x']),
        'a'.repeat(201),
        'bad cursor!',
      ]) {
        const res = await get(me, join(url, `cursor=${encodeURIComponent(cursor)}`));
        expect(res.statusCode, `${url} ${cursor}`).toBe(400);
        const body = errorEnvelopeSchema.parse(res.json());
        expect(body.status).toBe('error');
        expect(JSON.stringify(body)).toContain('cursor');
      }
      for (const limit of ['0', '101', 'x', '2.5'])
        expect((await get(me, join(url, `limit=${limit}`))).statusCode, `${url} limit=${limit}`).toBe(400);
    }
    // One list's cursor is not another's: a friends cursor (text, id) is refused by the rooms list (us, uuid).
    expect((await get(me, `/v1/rooms?cursor=${friendsCursor}`)).statusCode).toBe(400);
  });
});
