import type { TestUser } from './users.js';
import type { ExportFixture } from './account-export.js';

/** `ts(column)` reads a timestamp as the export writes it (UTC, milliseconds, `Z`). */
const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const person = (u: TestUser) => ({ id: u.id, username: u.username });

/**
 * Every list of the export of the fixture's user (test/account-export.ts) as the database says it should be, for
 * features/account/export-complete.test.ts.
 */
export async function expectedExportLists(fixture: ExportFixture) {
  const { t, me, friend, stranger, payee, fan, host, roomA, roomB } = fixture;
  /** Rows of a test query. */
  const q = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.pool.query(text, params)).rows as T[];
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
