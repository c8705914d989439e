import { beforeAll, describe, expect, it } from 'vitest';
import { notificationsResponse, type Notification, type NotificationKind } from '@outing/contract';
import type { TestApp } from '../../test/app.js';
import { owedRound } from '../../test/bills.js';
import { listeningApp } from '../../test/listening.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { makeFriends, type TestUser } from '../../test/users.js';

/** Issue #21: notifications say what they are about, lead there, and are read once their subject is acted on. */

const live = listeningApp();
const device = live.device;
let t: TestApp;
beforeAll(() => {
  t = live.t;
});

const listOf = async (u: TestUser) => {
  const res = await as(t, u)('GET', '/v1/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return notificationsResponse.parse(res.json()).data;
};
const one = async (u: TestUser, kind: NotificationKind) => {
  const found = (await listOf(u)).filter((n) => n.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};
const stored = async (id: number) =>
  (await t.database.pool.query('SELECT is_read FROM notifications WHERE id = $1', [id])).rows[0]
    .is_read as boolean;

describe('a friend request', () => {
  it('leads to the requests; accepting it reads it on every device, and the sender hears back', async () => {
    const [ann, ben] = await createUsers(t, 2);
    const res = await as(t, ann)('POST', `/v1/users/${ann.id}/friends/requests`, { friendId: ben.id });
    const requestId = res.json().data.id as number;
    const note = await one(ben, 'friend_request');
    expect(note).toMatchObject({
      userId: ben.id,
      title: 'Friend request',
      content: `${ann.username} sent you a friend request.`,
      isRead: false,
      kind: 'friend_request',
      url: '/friends/requests',
      requestId,
      actorId: ann.id,
      roomId: null,
      transactionId: null,
      params: { username: ann.username },
      resolved: false,
      subjectState: 'pending',
    } satisfies Partial<Notification>);

    const phone = await device(ben);
    const ok = await as(t, ben)('PATCH', `/v1/users/${ben.id}/friends/requests`, {
      requestId,
      action: 'accept',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stored(note.id)).toBe(true);
    expect(await one(ben, 'friend_request')).toMatchObject({
      id: note.id,
      isRead: true,
      resolved: true,
      subjectState: 'accepted',
    });
    expect((await phone.next('NOTIFICATIONS_READ')).data).toEqual({ ids: [note.id], all: false, unread: 0 });
    expect(await one(ann, 'friend_accepted')).toMatchObject({
      content: `${ben.username} accepted your friend request.`,
      url: '/friends',
      requestId,
      actorId: ben.id,
      isRead: false,
      resolved: false,
    });
  });

  it('rejecting it reads it too; another request of the same person stays unread', async () => {
    const [ann, ben, cat] = await createUsers(t, 3);
    const first = await as(t, ann)('POST', `/v1/users/${ann.id}/friends/requests`, { friendId: ben.id });
    await as(t, cat)('POST', `/v1/users/${cat.id}/friends/requests`, { friendId: ben.id });
    await as(t, ben)('PATCH', `/v1/users/${ben.id}/friends/requests`, {
      requestId: first.json().data.id,
      action: 'reject',
    });
    const notes = (await listOf(ben)).filter((n) => n.kind === 'friend_request');
    expect(notes.map((n) => [n.actorId, n.isRead, n.subjectState, n.resolved])).toEqual([
      [cat.id, false, 'pending', false],
      [ann.id, true, 'rejected', true],
    ]);
  });
});

describe('a room invite', () => {
  it('leads to the room; answering it (accept, decline, RSVP, joining by link) reads the invite and its nudges', async () => {
    const [host, ann, ben, cat, dan] = await createUsers(t, 5);
    for (const u of [ann, ben, cat, dan]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, { name: 'Board games', isPrivate: true }, [
      ann.id,
      ben.id,
      cat.id,
      dan.id,
    ]);
    const invite = await one(ann, 'room_invite');
    expect(invite).toMatchObject({
      content: `${host.username} invited you to Board games.`,
      url: `/room/${room.id}`,
      roomId: room.id,
      actorId: host.id,
      params: { username: host.username, roomName: 'Board games' },
      resolved: false,
      subjectState: 'pending',
    });
    expect((await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {})).statusCode).toBe(200);
    expect(await one(ann, 'invite_nudge')).toMatchObject({
      url: `/room/${room.id}`,
      subjectState: 'pending',
    });

    const answers: [TestUser, () => Promise<{ statusCode: number }>, string][] = [
      [ann, () => as(t, ann)('PATCH', `/v1/rooms/${room.id}`, { accept: true }), 'accepted'],
      [ben, () => as(t, ben)('PATCH', `/v1/rooms/${room.id}`, { accept: false }), 'declined'],
      [cat, () => as(t, cat)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' }), 'accepted'],
      [dan, () => as(t, dan)('PATCH', `/v1/rooms/${room.id}/join`), 'accepted'],
    ];
    for (const [who, answer, state] of answers) {
      expect((await answer()).statusCode).toBe(200);
      const notes = (await listOf(who)).filter((n) => n.roomId === room.id);
      expect(notes.map((n) => [n.kind, n.isRead, n.subjectState, n.resolved])).toEqual([
        ['invite_nudge', true, state, true],
        ['room_invite', true, state, true],
      ]);
    }
  });

  it('a room closed before the invite is answered: the invite is cancelled, still unread', async () => {
    const [host, ann] = await createUsers(t, 2);
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, {}, [ann.id]);
    expect((await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
    expect(await one(ann, 'room_invite')).toMatchObject({
      isRead: false,
      subjectState: 'cancelled',
      resolved: true,
    });
  });
});

describe('a debt', () => {
  async function owing() {
    const [host, ann] = await createUsers(t, 2);
    const { room, tx } = await owedRound(t, host, ann, { name: 'Ski trip', currency: 'EUR' });
    return { host, ann, room, tx };
  }

  it('once paid, no longer contradicts Home: read and settled; confirming reads the payee’s', async () => {
    const { host, ann, room, tx } = await owing();
    const debt = await one(ann, 'bills_consolidated');
    expect(debt).toMatchObject({
      content: `You owe €60.00 to ${host.username} for Ski trip.`,
      url: `/room/${room.id}`,
      roomId: room.id,
      transactionId: tx.id,
      actorId: host.id,
      params: { username: host.username, roomName: 'Ski trip', amount: 60, currency: 'EUR' },
      resolved: false,
      subjectState: 'unpaid',
    });
    expect(
      (
        await as(t, host)('POST', '/v1/notifications', {
          userId: ann.id,
          title: 'Reminder',
          content: 'Pay up!',
        })
      ).statusCode,
    ).toBe(200);
    const reminder = await one(ann, 'payment_reminder');
    expect(reminder).toMatchObject({
      url: '/',
      actorId: host.id,
      transactionId: tx.id,
      subjectState: 'unpaid',
    });

    const phone = await device(ann);
    expect((await as(t, ann)('PATCH', `/v1/transactions/${tx.id}/settle`)).statusCode).toBe(200);
    const after = (await listOf(ann)).filter((n) => [debt.id, reminder.id].includes(n.id));
    expect(after.map((n) => [n.kind, n.isRead, n.subjectState, n.resolved])).toEqual([
      ['payment_reminder', true, 'paid', true],
      ['bills_consolidated', true, 'paid', true],
    ]);
    const frame = await phone.next('NOTIFICATIONS_READ');
    // What stays unread is the bill's own notice ('New bill'): it tells of the bill, not of a debt to pay.
    expect(frame.data).toMatchObject({ all: false, unread: 1 });
    expect((await listOf(ann)).filter((n) => !n.isRead).map((n) => n.kind)).toEqual(['bill_added']);
    expect((frame.data as { ids: number[] }).ids.sort()).toEqual([debt.id, reminder.id].sort());

    const paid = await one(host, 'transaction_paid');
    expect(paid).toMatchObject({
      transactionId: tx.id,
      actorId: ann.id,
      isRead: false,
      subjectState: 'paid',
      resolved: false,
    });
    expect((await as(t, host)('PATCH', `/v1/transactions/${tx.id}/confirm`)).statusCode).toBe(200);
    expect(await one(host, 'transaction_paid')).toMatchObject({
      isRead: true,
      subjectState: 'confirmed',
      resolved: true,
    });
    expect(await one(ann, 'transaction_confirmed')).toMatchObject({
      subjectState: 'confirmed',
      resolved: false,
    });
  });

  it('a dispute makes it unpaid again: the payer’s notice stays until paid again; cash confirmed reads the debt', async () => {
    const { host, ann, tx } = await owing();
    await as(t, ann)('PATCH', `/v1/transactions/${tx.id}/settle`);
    expect((await as(t, host)('PATCH', `/v1/transactions/${tx.id}/dispute`)).statusCode).toBe(200);
    expect(await one(host, 'transaction_paid')).toMatchObject({ isRead: true, subjectState: 'unpaid' });
    const disputed = await one(ann, 'transaction_disputed');
    expect(disputed).toMatchObject({ isRead: false, subjectState: 'unpaid', resolved: false });
    // The debt's own notice was read when paid; it now says unpaid again, honestly.
    expect(await one(ann, 'bills_consolidated')).toMatchObject({ isRead: true, subjectState: 'unpaid' });
    await as(t, ann)('PATCH', `/v1/transactions/${tx.id}/settle`);
    expect(await stored(disputed.id)).toBe(true);

    const other = await owing();
    expect((await as(t, other.host)('PATCH', `/v1/transactions/${other.tx.id}/confirm`)).statusCode).toBe(
      200,
    );
    expect(await one(other.ann, 'bills_consolidated')).toMatchObject({
      isRead: true,
      subjectState: 'confirmed',
      resolved: true,
    });
  });
});
