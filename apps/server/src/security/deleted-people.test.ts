import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { as, createRoom, roomPayload } from '../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../test/users.js';

// Issue 32 item 4, "same rule for every write that names people": a deleted account ("Deleted user") stays where
// the money of others names it, and no write may name it anew. Bills (create and edit) are in
// features/bills/edit-bill.test.ts; these are the other writes that take a user id.

let t: TestApp;
let ann: TestUser, dan: TestUser;
let roomId: string;
beforeAll(async () => {
  t = await createTestApp();
  [ann, dan] = await Promise.all([createUser(t), createUser(t)]);
  await makeFriends(t, ann, dan);
  // Dan owes Ann 10 from a consolidated round, then deletes his account: he stays in the room as "Deleted user".
  roomId = (await createRoom(t, ann, { name: 'Lunch' })).room.id;
  expect((await as(t, dan)('PATCH', `/v1/rooms/${roomId}/join`)).statusCode).toBe(200);
  const bill = await as(t, ann)('POST', '/v1/bills', {
    name: 'Soup',
    roomId,
    amount: 20,
    split: { mode: 'equal', userIds: [ann.id, dan.id] },
  });
  expect(bill.statusCode, bill.body).toBe(200);
  expect((await as(t, ann)('POST', '/v1/bills/consolidate', { roomId })).statusCode).toBe(200);
  const gone = await as(t, dan)('DELETE', `/v1/users/${dan.id}`, { password: dan.password });
  expect(gone.statusCode, gone.body).toBe(200);
});
afterAll(() => t.close());

const notificationsOf = async (userId: number) =>
  (
    await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;

describe('writes naming a deleted account', () => {
  it('a payment reminder to a deleted account is refused (400 on userId) and stores nothing', async () => {
    const res = await as(t, ann)('POST', '/v1/notifications', {
      userId: dan.id,
      title: 'Reminder',
      content: 'Pay me back!',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'userId', message: 'This account was deleted: there is nobody to remind.' },
    ]);
    expect(await notificationsOf(dan.id)).toBe(0);
    // The debt itself stays, as the others' money must (docs/accounts.md): Ann may still mark it received.
    const { rows } = await t.database.pool.query<{ id: number }>(
      'SELECT id FROM transactions WHERE payer_id = $1 AND payee_id = $2',
      [dan.id, ann.id],
    );
    expect((await as(t, ann)('PATCH', `/v1/transactions/${rows[0]!.id}/confirm`)).statusCode).toBe(200);
  });

  it('invites (a new room’s or an existing one’s), friend requests and nudges cannot name him', async () => {
    const before = await notificationsOf(dan.id);
    const created = await as(t, ann)('POST', '/v1/rooms', roomPayload({}, [dan.id]));
    expect(created.statusCode).toBe(404);
    const other = (await createRoom(t, ann, { isPrivate: true })).room.id;
    expect((await as(t, ann)('POST', `/v1/rooms/${other}`, { invitees: [dan.id] })).statusCode).toBe(404);
    const request = await as(t, ann)('POST', `/v1/users/${ann.id}/friends/requests`, { friendId: dan.id });
    expect(request.statusCode).toBe(404);
    const nudged = await as(t, ann)('POST', `/v1/rooms/${roomId}/nudge`, { userIds: [dan.id] });
    expect([400, 409]).toContain(nudged.statusCode);
    expect(await notificationsOf(dan.id)).toBe(before);
  });
});
