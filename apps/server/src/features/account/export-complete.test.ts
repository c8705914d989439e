import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { browserKeys } from '../../test/push-endpoint.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

/**
 * The whole export of a user with data in every list, field by field and byte by byte: a change to how a list is
 * read (its query, its paging) must not change what the file says. Ids and timestamps differ per run, so they are
 * read from the database; every other value is written out here.
 */

let t: TestApp;
let me: TestUser, friend: TestUser, stranger: TestUser, payee: TestUser, fan: TestUser, host: TestUser;
let roomA: string, roomB: string;
let raw: string;
let file: AccountExport;

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { data: unknown };
};
/** Rows of a test query; `ts(column)` reads a timestamp as the export writes it (UTC, milliseconds, `Z`). */
const q = async <T>(text: string, params: unknown[] = []) =>
  (await t.database.pool.query(text, params)).rows as T[];
const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (u: TestUser) => ({ id: u.id, username: u.username });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  const made = await Promise.all(
    ['me', 'friend', 'stranger', 'payee', 'fan', 'host'].map((n) => createUser(t, { username: `gold_${n}` })),
  );
  [me, friend, stranger, payee, fan, host] = made as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  await makeFriends(t, me, friend);
  await makeFriends(t, me, host);

  roomA = (await createRoom(t, me, { name: 'Golden night' }, [friend.id])).room.id;
  await ok(as(t, stranger)('PATCH', `/v1/rooms/${roomA}/join`));
  await ok(as(t, payee)('PATCH', `/v1/rooms/${roomA}/join`));
  // A private room in a three-digit currency, to which the user was invited and came.
  roomB = (
    await createRoom(
      t,
      host,
      { name: 'Kuwait trip', currency: 'KWD', isPrivate: true, description: 'Dates & "quotes"' },
      [me.id],
    )
  ).room.id;
  await ok(as(t, me)('PATCH', `/v1/rooms/${roomB}/join`));

  await ok(as(t, me)('POST', `/v1/rooms/${roomA}/messages`, { content: 'first' }));
  await ok(as(t, me)('POST', `/v1/rooms/${roomB}/messages`, { content: 'ünïcode ✓ "quoted" \\ back' }));
  await ok(as(t, me)('POST', `/v1/rooms/${roomA}/messages`, { content: 'last' }));

  await ok(
    as(t, payee)('POST', '/v1/bills', {
      name: 'Pizza',
      roomId: roomA,
      amount: 30,
      split: { mode: 'equal', userIds: [payee.id, me.id, stranger.id] },
    }),
  );
  await ok(as(t, me)('POST', '/v1/bills/consolidate', { roomId: roomA }));
  await ok(
    as(t, host)('POST', '/v1/bills', {
      name: 'Camel ride',
      roomId: roomB,
      amount: 10.001,
      split: { mode: 'equal', userIds: [host.id, me.id] },
    }),
  );
  await ok(as(t, me)('POST', '/v1/bills', { name: 'Tea', roomId: roomB, amount: 1.5, payers: [host.id] }));
  await ok(as(t, host)('POST', '/v1/bills/consolidate', { roomId: roomB }));
  // One debt paid and confirmed, so its two dates are not null.
  await t.database.pool.query(
    `UPDATE transactions SET is_paid = true, status = 'confirmed', paid_on = now() - interval '1 hour',
       confirmed_on = now() WHERE room_id = $1 AND payer_id = $2`,
    [roomB, me.id],
  );

  await ok(
    as(t, me)('PUT', `/v1/users/${me.id}/payment-methods`, [
      { kind: 'paypal', value: 'MyOwnHandle' },
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Main account' },
    ]),
  );
  await ok(as(t, stranger)('POST', `/v1/users/${stranger.id}/friends/requests`, { friendId: me.id }));
  await ok(as(t, me)('POST', `/v1/users/${me.id}/friends/requests`, { friendId: fan.id }));
  await t.database.pool.query(
    `UPDATE friend_requests SET status = 'rejected', responded_at = now() WHERE sender_id = $1 AND receiver_id = $2`,
    [me.id, fan.id],
  );
  await t.database.pool.query(
    `UPDATE notifications SET is_read = true WHERE id = (SELECT min(id) FROM notifications
    WHERE user_id = $1)`,
    [me.id],
  );
  const keys = browserKeys();
  await ok(as(t, me)('POST', '/v1/subscriptions', { endpoint: 'https://push.example.test/gold', ...keys }));
  await ok(as(t, me)('POST', `/v1/users/${me.id}/calendar-feed`));
  await ok(as(t, me)('GET', `/v1/users/${me.id}/invite-link`));

  // Date polls and pictures straight in the database: their own tests drive their routes.
  await t.database.pool.query(
    `WITH o AS (INSERT INTO date_options (room_id, date, time) VALUES ($1, '2031-02-03', '18:00'),
       ($1, '2031-02-10', '19:15') RETURNING id, date)
     INSERT INTO date_votes (option_id, user_id, vote)
       SELECT id, $2, CASE WHEN date = '2031-02-03' THEN 'yes' ELSE 'maybe' END FROM o`,
    [roomA, me.id],
  );
  await t.database.pool.query(
    `INSERT INTO pictures (id, uploader_id, width, height) VALUES
       ('00000000-0000-4000-8000-00000000000b', $1, 640, 480), ('00000000-0000-4000-8000-00000000000a', $1, 96, 96),
       ('00000000-0000-4000-8000-00000000000c', $2, 1, 1)`,
    [me.id, stranger.id],
  );

  const res = await as(t, me)('GET', `/v1/users/${me.id}/export`);
  expect(res.statusCode, res.body).toBe(200);
  raw = res.body;
  accountExportSchema.strict().parse(JSON.parse(raw));
  // As written, not as the schema re-orders it.
  file = JSON.parse(raw) as AccountExport;
});
afterAll(() => t.close());

/** Every list of the export as the database says it should be. */
async function expectedLists() {
  const userName = new Map(
    (await q<{ id: number; username: string }>('SELECT id, username FROM users')).map((u) => [
      u.id,
      u.username,
    ]),
  );
  const who = (id: number) => ({ id, username: userName.get(id)! });
  const friends = await q<{ id: number; since: string; picture_url: string }>(
    `SELECT u.id, ${ts('f.created_at')} AS since, u.picture_url FROM friendships f JOIN users u ON u.id = f.friend_id
      WHERE f.user_id = $1`,
    [me.id],
  );
  const friendOf = new Map(friends.map((f) => [f.id, f]));
  const requests = await q<{ id: number; sent_at: string; responded_at: string | null }>(
    `SELECT id, ${ts('sent_at')} AS sent_at, ${ts('responded_at')} AS responded_at FROM friend_requests
      WHERE sender_id = $1 OR receiver_id = $1 ORDER BY id`,
    [me.id],
  );
  const rooms = await q<{
    id: string;
    date: string;
    time_zone: string;
    joined_at: string;
    created_at: string;
  }>(
    `SELECT r.id, r.date, r.time_zone, ${ts('m.joined_at')} AS joined_at, ${ts('r.created_at')} AS created_at
      FROM rooms r JOIN room_members m ON m.room_id = r.id AND m.user_id = $1`,
    [me.id],
  );
  const room = new Map(rooms.map((r) => [r.id, r]));
  const invites = await q<{ id: number; room_id: string; created_at: string; responded_at: string | null }>(
    `SELECT id, room_id, ${ts('created_at')} AS created_at, ${ts('responded_at')} AS responded_at FROM invites
      WHERE user_id = $1 OR inviter_id = $1 ORDER BY id`,
    [me.id],
  );
  const messages = await q<{ id: number; room_id: string; sent_at: string }>(
    `SELECT id, room_id, ${ts('sent_at')} AS sent_at FROM messages WHERE sender_id = $1 ORDER BY id`,
    [me.id],
  );
  const bills = await q<{ id: number; room_id: string; created_at: string; consolidation_id: number | null }>(
    `SELECT id, room_id, ${ts('created_at')} AS created_at, consolidation_id FROM bills WHERE room_id IN ($1, $2)
      ORDER BY id`,
    [roomA, roomB],
  );
  const transactions = await q<{
    id: number;
    room_id: string;
    payer_id: number;
    payee_id: number;
    status: string;
    created_at: string;
    paid_on: string | null;
    confirmed_on: string | null;
  }>(
    `SELECT id, room_id, payer_id, payee_id, status, ${ts('created_at')} AS created_at, ${ts('paid_on')} AS paid_on,
       ${ts('confirmed_on')} AS confirmed_on FROM transactions WHERE payer_id = $1 OR payee_id = $1 ORDER BY id`,
    [me.id],
  );
  const notifications = await q<{ id: number; title: string; content: string; is_read: boolean; at: string }>(
    `SELECT id, title, content, is_read, ${ts('created_at')} AS at FROM notifications WHERE user_id = $1 ORDER BY id`,
    [me.id],
  );
  const [push] = await q<{ id: number; at: string }>(
    `SELECT id, ${ts('created_at')} AS at FROM push_subscriptions WHERE user_id = $1`,
    [me.id],
  );
  const pictures = await q<{ id: string; at: string }>(
    `SELECT id, ${ts('created_at')} AS at FROM pictures WHERE uploader_id = $1 ORDER BY id`,
    [me.id],
  );
  const [feed] = await q<{ at: string }>(
    `SELECT ${ts('created_at')} AS at FROM calendar_feeds WHERE user_id = $1`,
    [me.id],
  );

  const bill = (i: number) => bills[i]!;
  return {
    friends: [friend, host]
      .sort((x, y) => x.id - y.id)
      .map((u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        pictureUrl: friendOf.get(u.id)!.picture_url,
        since: friendOf.get(u.id)!.since,
      })),
    friendRequests: [
      { direction: 'received', other: person(stranger), status: 'pending' },
      { direction: 'sent', other: person(fan), status: 'rejected' },
    ].map((r, i) => ({
      id: requests[i]!.id,
      ...r,
      sentAt: requests[i]!.sent_at,
      respondedAt: requests[i]!.responded_at,
    })),
    rooms: [
      {
        id: roomA,
        name: 'Golden night',
        description: 'Pasta and stories',
        currency: 'USD',
        isPrivate: false,
      },
      { id: roomB, name: 'Kuwait trip', description: 'Dates & "quotes"', currency: 'KWD', isPrivate: true },
    ]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(({ id, name, description, currency, isPrivate }) => ({
        id,
        name,
        date: room.get(id)!.date,
        time: '19:30',
        timeZone: room.get(id)!.time_zone,
        venue: 'Luigi’s Trattoria',
        description,
        currency,
        isPrivate,
        isClosed: false,
        isHost: id === roomA,
        rsvp: 'going',
        chatMuted: false,
        joinedAt: room.get(id)!.joined_at,
        createdAt: room.get(id)!.created_at,
      })),
    invites: [
      {
        roomId: roomA,
        roomName: 'Golden night',
        direction: 'sent',
        other: person(friend),
        status: 'pending',
      },
      {
        roomId: roomB,
        roomName: 'Kuwait trip',
        direction: 'received',
        other: person(host),
        status: 'accepted',
      },
    ].map((v, i) => ({
      id: invites[i]!.id,
      ...v,
      createdAt: invites[i]!.created_at,
      respondedAt: invites[i]!.responded_at,
    })),
    messages: [
      [roomA, 'first'],
      [roomB, 'ünïcode ✓ "quoted" \\ back'],
      [roomA, 'last'],
    ].map(([roomId, content], i) => ({ id: messages[i]!.id, roomId, content, sentAt: messages[i]!.sent_at })),
    bills: [
      {
        roomId: roomA,
        roomName: 'Golden night',
        name: 'Pizza',
        amount: 30,
        currency: 'USD',
        paidBy: person(payee),
        createdBy: person(payee),
        shares: [payee, me, stranger].map((u) => [u, 10] as const),
      },
      {
        roomId: roomB,
        roomName: 'Kuwait trip',
        name: 'Camel ride',
        amount: 10.001,
        currency: 'KWD',
        paidBy: person(host),
        createdBy: person(host),
        // 10.001 in thirds: the one extra fils goes to one of them; which one the split's own tests decide
        shares: [host, me].map((u) => [u, undefined] as const),
      },
      {
        roomId: roomB,
        roomName: 'Kuwait trip',
        name: 'Tea',
        amount: 1.5,
        currency: 'KWD',
        paidBy: person(me),
        createdBy: person(me),
        // the owner is one of the payers unless left out
        shares: [me, host].map((u) => [u, 0.75] as const),
      },
    ].map(({ shares, paidBy, createdBy, ...b }, i) => ({
      id: bill(i).id,
      ...b,
      createdAt: bill(i).created_at,
      paidBy,
      createdBy,
      consolidationId: bill(i).consolidation_id,
      shares: shares
        .map(([u, amount]) => ({ userId: u.id, username: u.username, amount }))
        .sort((x, y) => x.userId - y.userId),
    })),
    transactions: transactions.map((x) => ({
      id: x.id,
      roomId: x.room_id,
      roomName: x.room_id === roomA ? 'Golden night' : 'Kuwait trip',
      payer: who(x.payer_id),
      payee: who(x.payee_id),
      amount: NaN, // filled in below from the debts the test can name
      currency: x.room_id === roomA ? 'USD' : 'KWD',
      status: x.status,
      createdAt: x.created_at,
      paidOn: x.paid_on,
      confirmedOn: x.confirmed_on,
    })),
    paymentMethods: [
      { kind: 'paypal', value: 'MyOwnHandle', name: null },
      { kind: 'iban', value: 'DE89370400440532013000', name: 'Main account' },
    ],
    notifications: notifications.map((n) => ({
      id: n.id,
      title: n.title,
      content: n.content,
      isRead: n.is_read,
      createdAt: n.at,
    })),
    pushSubscriptions: [{ id: push!.id, endpoint: 'https://push.example.test/gold', createdAt: push!.at }],
    calendarFeed: { active: true, createdAt: feed!.at },
    dateVotes: [
      { roomId: roomA, date: '2031-02-03', time: '18:00', vote: 'yes' },
      { roomId: roomA, date: '2031-02-10', time: '19:15', vote: 'maybe' },
    ],
    pictures: [
      { id: pictures[0]!.id, url: `/v1/pictures/${pictures[0]!.id}.webp`, width: 96, height: 96 },
      { id: pictures[1]!.id, url: `/v1/pictures/${pictures[1]!.id}.webp`, width: 640, height: 480 },
    ].map((p, i) => ({ ...p, createdAt: pictures[i]!.at })),
  };
}

it('writes every list of a user with data in all of them, every field of every item, in order', async () => {
  const want = await expectedLists();

  // The camel ride's thirds: two of 3.333 and one of 3.335 or the like; they add up to the bill, in fils.
  const camel = file.bills[1]!.shares;
  expect(
    camel.map((s) => s.amount).every((a) => Number.isFinite(a) && Math.round(a * 1000) === a * 1000),
  ).toBe(true);
  expect(camel.reduce((sum, s) => sum + Math.round(s.amount * 1000), 0)).toBe(10_001);
  want.bills[1]!.shares.forEach((s, i) => (s.amount = camel[i]!.amount as never));

  // The debts: 10 USD from me to the payee of the pizza; in KWD the camel ride and the tea net out per person.
  const kwd = (u: TestUser) => camel.find((s) => s.userId === u.id)!.amount;
  for (const x of want.transactions) {
    if (x.currency === 'USD') {
      expect([x.payer.id, x.payee.id]).toEqual([me.id, payee.id]);
      x.amount = 10;
    } else {
      // me owes the host my half of the camel ride, less the 0.75 of tea the host owes me
      expect([x.payer.id, x.payee.id]).toEqual([me.id, host.id]);
      x.amount = Math.round((kwd(me) - 0.75) * 1000) / 1000;
    }
  }
  expect(want.transactions).toHaveLength(2);
  expect(want.transactions.some((x) => x.status === 'confirmed' && x.paidOn && x.confirmedOn)).toBe(true);
  expect(want.friendRequests.some((r) => r.respondedAt !== null)).toBe(true);
  expect(want.invites.some((r) => r.respondedAt !== null)).toBe(true);
  expect(want.notifications.some((n) => n.isRead) && want.notifications.some((n) => !n.isRead)).toBe(true);
  expect(want.bills.every((b) => b.consolidationId !== null)).toBe(true);

  const lists = Object.keys(want) as (keyof typeof want)[];
  for (const name of lists) {
    expect(file[name], name).toStrictEqual(want[name]);
    // Byte for byte: key order and number forms too.
    expect(JSON.stringify(file[name]), name).toBe(JSON.stringify(want[name]));
  }
  // The whole file, byte for byte: key order, number forms and escapes too. The head is not this test's subject.
  const { format, version, exportedAt, profile, preferences, inviteLink } = file;
  const { calendarFeed, ...inOrder } = want;
  expect(raw).toBe(
    JSON.stringify({
      format,
      version,
      exportedAt,
      profile,
      preferences,
      ...inOrder,
      calendarFeed,
      inviteLink,
    }),
  );
  expect(inviteLink?.url).toMatch(/^https:\/\/outing\.example\/signup\?invite=/);
});
