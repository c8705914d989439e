import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { browserKeys } from './push-endpoint.js';
import { as, createRoom } from './rooms.js';
import { createUser, makeFriends, type TestUser } from './users.js';

/**
 * The user of the whole-export test (features/account/export-complete.test.ts) with data in every list: rooms of
 * two currencies, messages, bills, a round settled, handles, friend requests either way, notifications read and
 * not, a push subscription, a calendar feed, an invite link, date votes and pictures. The lists the export should
 * hold are in test/account-export-expected.ts.
 */
export type ExportFixture = {
  t: TestApp;
  me: TestUser;
  friend: TestUser;
  stranger: TestUser;
  payee: TestUser;
  fan: TestUser;
  host: TestUser;
  roomA: string;
  roomB: string;
};

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { data: unknown };
};

export async function createExportFixture(): Promise<ExportFixture> {
  const t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  const made = await Promise.all(
    ['me', 'friend', 'stranger', 'payee', 'fan', 'host'].map((n) => createUser(t, { username: `gold_${n}` })),
  );
  const [me, friend, stranger, payee, fan, host] = made as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  await makeFriends(t, me, friend);
  await makeFriends(t, me, host);

  const roomA = (await createRoom(t, me, { name: 'Golden night' }, [friend.id])).room.id;
  await ok(as(t, stranger)('PATCH', `/v1/rooms/${roomA}/join`));
  await ok(as(t, payee)('PATCH', `/v1/rooms/${roomA}/join`));
  // A private room in a three-digit currency, to which the user was invited and came.
  const roomB = (
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
  return { t, me, friend, stranger, payee, fan, host, roomA, roomB };
}
