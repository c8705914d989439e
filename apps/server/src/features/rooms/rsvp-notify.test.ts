import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsResponse } from '@outing/contract';
import type { NotificationEvent } from '../../lib/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

// Issue 37: the host is told of each RSVP change (going, maybe, can't), at most one notification per person per room
// per hour (docs/notifications.md, `rsvp_changed`). Time is moved the way room-spam.test.ts does: the stored
// notification is dated back.

let t: TestApp;
const delivered: NotificationEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.events.onNotification((e) => void delivered.push(e));
});
afterAll(() => t.close());

async function rowsOf(u: TestUser) {
  const { rows } = await t.database.pool.query<{
    id: number;
    content: string;
    is_read: boolean;
    actor_id: number;
    room_id: string;
    params: Record<string, unknown>;
  }>(
    `SELECT id, content, is_read, actor_id, room_id, params FROM notifications
     WHERE user_id = $1 AND kind = 'rsvp_changed' ORDER BY id`,
    [u.id],
  );
  return rows;
}
const pushesTo = (u: TestUser) =>
  delivered.filter((d) => d.notification.userId === u.id && d.notification.kind === 'rsvp_changed' && d.push)
    .length;
const rsvp = (u: TestUser, roomId: string, status: string) =>
  as(t, u)('PATCH', `/v1/rooms/${roomId}/rsvp`, { status });

describe('the host hears of RSVP changes', () => {
  it('an invitee’s answer and a member’s change reach the host, pushed, with params for other languages', async () => {
    const [host, ann, ben] = [await createUser(t), await createUser(t), await createUser(t)];
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { name: 'Crab night', isPrivate: true }, [ann.id]);
    const answered = await rsvp(ann, room.id, 'maybe');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'success', data: { rsvp: 'maybe' } });

    const [row] = await rowsOf(host);
    expect(row).toMatchObject({
      content: `${ann.username} might come to Crab night.`,
      is_read: false,
      actor_id: ann.id,
      room_id: room.id,
      params: { username: ann.username, roomName: 'Crab night', rsvp: 'maybe' },
    });
    expect(pushesTo(host)).toBe(1);
    // The host's list answers it with its kind, url and params (the contract's schema).
    const list = notificationsResponse.parse((await as(t, host)('GET', '/v1/notifications')).json()).data;
    expect(list.find((n) => n.kind === 'rsvp_changed')).toMatchObject({
      title: 'New RSVP',
      url: `/room/${room.id}`,
      roomId: room.id,
      actorId: ann.id,
      params: { rsvp: 'maybe' },
    });

    // A member joining by the link is going: ben's own notification (another person, so not collapsed into ann's).
    const { room: open } = await createRoom(t, host, { name: 'Picnic' });
    expect((await as(t, ben)('PATCH', `/v1/rooms/${open.id}/join`)).statusCode).toBe(200);
    expect((await rowsOf(host)).map((r) => r.content)).toEqual([
      `${ann.username} might come to Crab night.`,
      `${ben.username} is going to Picnic.`,
    ]);
    expect(pushesTo(host)).toBe(2);
    // Nobody but the host hears of it.
    expect(await rowsOf(ann)).toEqual([]);
    expect(await rowsOf(ben)).toEqual([]);
  });

  it('a second change within the hour updates the one notification (unread again, no push); after an hour it is news', async () => {
    const [host, ann, ben] = [await createUser(t), await createUser(t), await createUser(t)];
    const { room } = await createRoom(t, host, { name: 'Board games' });
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    expect((await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    // Each join is a person's going, pushed.
    expect(pushesTo(host)).toBe(2);

    // ann reads it, then changes her mind twice: still one row per person, unread again, not pushed again.
    expect((await as(t, host)('POST', '/v1/notifications/read-all', { roomId: room.id })).statusCode).toBe(
      200,
    );
    expect((await rsvp(ann, room.id, 'maybe')).statusCode).toBe(200);
    expect((await rsvp(ann, room.id, 'declined')).statusCode).toBe(200);
    let rows = await rowsOf(host);
    expect(rows.map((r) => [r.actor_id, r.content, r.is_read])).toEqual([
      [ann.id, `${ann.username} can't come to Board games.`, false],
      [ben.id, `${ben.username} is going to Board games.`, true],
    ]);
    expect(pushesTo(host)).toBe(2);
    // ben's change is another person: it updates ben's own row, not ann's.
    expect((await rsvp(ben, room.id, 'maybe')).statusCode).toBe(200);
    rows = await rowsOf(host);
    expect(rows.map((r) => r.content)).toEqual([
      `${ann.username} can't come to Board games.`,
      `${ben.username} might come to Board games.`,
    ]);

    // An hour after ann's first, her next change is a new notification, pushed.
    await t.database.pool.query(
      `UPDATE notifications SET created_at = now() - interval '61 minutes' WHERE id = $1`,
      [rows[0]!.id],
    );
    expect((await rsvp(ann, room.id, 'going')).statusCode).toBe(200);
    rows = await rowsOf(host);
    expect(rows.map((r) => r.content)).toEqual([
      `${ann.username} can't come to Board games.`,
      `${ben.username} might come to Board games.`,
      `${ann.username} is going to Board games.`,
    ]);
    expect(pushesTo(host)).toBe(3);
  });

  it('no notification when nothing changed, when the host answers, or when the answer is refused', async () => {
    const [host, ann, stranger] = [await createUser(t), await createUser(t), await createUser(t)];
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { name: 'Quiz', isPrivate: true }, [ann.id]);
    expect((await rsvp(host, room.id, 'maybe')).statusCode).toBe(200);
    expect((await rsvp(host, room.id, 'going')).statusCode).toBe(200);
    expect((await rsvp(stranger, room.id, 'going')).statusCode).toBe(403);
    expect(await rowsOf(host)).toEqual([]);
    // Declining the invite (PATCH /rooms/{id} {accept: false}) is "can't"; answering it again is refused, nothing new.
    const declined = await as(t, ann)('PATCH', `/v1/rooms/${room.id}`, { accept: false });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await rowsOf(host)).map((r) => r.content)).toEqual([`${ann.username} can't come to Quiz.`]);
    expect((await rsvp(ann, room.id, 'going')).statusCode).toBe(403);
    expect((await rowsOf(host)).length).toBe(1);
  });

  it('a going that waits for a place says so; a host who switched room changes off gets nothing', async () => {
    const [host, ann, ben] = [await createUser(t), await createUser(t), await createUser(t)];
    const { room } = await createRoom(t, host, { name: 'Dinner', capacity: 1 });
    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    expect((await rowsOf(host)).map((r) => r.params.rsvp)).toEqual(['waitlisted']);
    expect((await rowsOf(host))[0]!.content).toBe(
      `${ann.username} wants to come to Dinner and is on the waitlist.`,
    );
    const off = await as(t, ben)('PATCH', `/v1/users/${ben.id}/preferences`, {
      notify: { roomChanges: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { room: bens } = await createRoom(t, ben, { name: 'Tea' });
    expect((await as(t, ann)('PATCH', `/v1/rooms/${bens.id}/join`)).statusCode).toBe(200);
    expect(await rowsOf(ben)).toEqual([]);
  });
});
