import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../lib/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom, roomPayload } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

// Issue 32 item 7: notification spam from one room was bounded only by the general rate limit. A host proposing
// date polls again and again, moving the outing back and forth, or re-inviting someone who declined notified (and
// pushed to) those people every time. The rules (docs/notifications.md, "How many from one room"): a room's
// informational notifications collapse into one per person, room and kind an hour; an invitee who declined cannot be
// invited to that room again for a day.

let t: TestApp;
const delivered: NotificationEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.events.onNotification((e) => void delivered.push(e));
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function rowsOf(u: TestUser, kind: string) {
  const { rows } = await t.database.pool.query<{ id: number; content: string; is_read: boolean }>(
    'SELECT id, content, is_read FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id',
    [u.id, kind],
  );
  return rows;
}
const pushesTo = (u: TestUser, kind: string) =>
  delivered.filter((d) => d.notification.userId === u.id && d.notification.kind === kind && d.push).length;

/** A public room of `host` that `member` joined. */
async function roomWith(host: TestUser, member: TestUser) {
  const { room } = await createRoom(t, host, { name: 'Board games' });
  expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room.id;
}

describe('how many notifications one room can send a person', () => {
  it('ten date polls in a row: one notification, pushed once, unread again after it was read', async () => {
    const [host, ann] = [await createUser(t), await createUser(t)];
    const roomId = await roomWith(host, ann);
    const poll = async (i: number) => {
      const res = await as(t, host)('POST', `/v1/rooms/${roomId}/date-poll`, {
        options: [
          { date: day(10 + i), time: '19:00' },
          { date: day(11 + i), time: '19:00' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (let i = 0; i < 5; i++) await poll(i);
    expect(await rowsOf(ann, 'date_poll')).toHaveLength(1);
    // Ann opens the room (reads it); the host proposes again: the same notification is unread again, not pushed.
    const read = await as(t, ann)('POST', '/v1/notifications/read-all', { roomId });
    expect(read.json().data.marked).toBe(1);
    for (let i = 5; i < 10; i++) await poll(i);
    const rows = await rowsOf(ann, 'date_poll');
    expect(rows).toEqual([expect.objectContaining({ is_read: false })]);
    expect(pushesTo(ann, 'date_poll')).toBe(1);
    const unread = await as(t, ann)('GET', '/v1/notifications/unread-count');
    expect(unread.json().data.count).toBe(1);
    // An hour after the first, a new poll is news again.
    await t.database.pool.query(
      `UPDATE notifications SET created_at = now() - interval '61 minutes' WHERE id = $1`,
      [rows[0]!.id],
    );
    await poll(10);
    expect(await rowsOf(ann, 'date_poll')).toHaveLength(2);
    expect(pushesTo(ann, 'date_poll')).toBe(2);
  });

  it('moving the outing back and forth: one "moved" notification with the latest move, pushed once', async () => {
    const [host, ann] = [await createUser(t), await createUser(t)];
    const roomId = await roomWith(host, ann);
    const p = roomPayload().room;
    const move = async (date: string, time: string) => {
      const res = await as(t, host)('PATCH', `/v1/rooms/${roomId}/edit`, {
        venue: p.venue,
        placeId: p.venuePlaceId,
        date,
        time,
        description: p.description,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (let i = 0; i < 6; i++) await move(day(8 + (i % 2)), i % 2 ? '18:00' : '20:00');
    const rows = await rowsOf(ann, 'room_changed');
    expect(rows).toHaveLength(1);
    // The latest move is what it says: the outing is where the last edit put it.
    expect(rows[0]!.content).toMatch(/to \w{3} \d+ \w{3} 18:00\.$/);
    expect(pushesTo(ann, 'room_changed')).toBe(1);
  });

  it('an invitee who declined cannot be invited to that room again for a day (409 saying when); then they can', async () => {
    const [host, ann] = [await createUser(t), await createUser(t)];
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { name: 'Dinner', isPrivate: true }, [ann.id]);
    const declined = await as(t, ann)('PATCH', `/v1/rooms/${room.id}`, { accept: false });
    expect(declined.statusCode, declined.body).toBe(200);
    const again = await as(t, host)('POST', `/v1/rooms/${room.id}`, { invitees: [ann.id] });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: `${ann.username} declined an invite to this outing less than a day ago. You can invite them again in 24 hours.`,
    });
    expect(await rowsOf(ann, 'room_invite')).toHaveLength(1);
    await t.database.pool.query(
      `UPDATE invites SET responded_at = now() - interval '25 hours' WHERE room_id = $1 AND user_id = $2`,
      [room.id, ann.id],
    );
    const later = await as(t, host)('POST', `/v1/rooms/${room.id}`, { invitees: [ann.id] });
    expect(later.statusCode, later.body).toBe(200);
    expect(await rowsOf(ann, 'room_invite')).toHaveLength(2);
  });
});
