import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsResponse, type NotificationKind } from '@outing/contract';
import type { NotificationEvent } from '../../lib/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { owedRound } from '../../test/bills.js';
import { as, createRoom, createUsers } from '../../test/rooms.js';
import { makeFriends, type TestUser } from '../../test/users.js';

// Issue 37 item 4: a notification names the person it comes from by their display name where one is set
// (docs/notifications.md): in its text, its push and `params.displayName`, beside the username.

let t: TestApp;
const pushed: NotificationEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.deps.events.onNotification((e) => void pushed.push(e));
});
afterAll(() => t.close());

async function named(u: TestUser, displayName: string) {
  const res = await as(t, u)('PATCH', `/v1/users/${u.id}`, { field: 'displayName', value: displayName });
  expect(res.statusCode, res.body).toBe(200);
}
async function one(u: TestUser, kind: NotificationKind) {
  const list = notificationsResponse.parse((await as(t, u)('GET', '/v1/notifications')).json()).data;
  const found = list.filter((n) => n.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('notifications name people by their display name', () => {
  it('an RSVP, a friend request and an invite: text, push and params', async () => {
    const [host, ann, ben] = await createUsers(t, 3);
    await named(ann, 'Ann Lee');
    await named(host, 'Hana $1 Ito');
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { name: 'Crab night', isPrivate: true }, [ann.id]);

    // The invite comes from the host, named with a `$` kept as typed.
    const invite = await one(ann, 'room_invite');
    expect(invite.content).toContain('Hana $1 Ito');
    expect(invite.content).not.toContain(host.username);
    expect(invite.params).toMatchObject({ username: host.username, displayName: 'Hana $1 Ito' });

    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' })).statusCode).toBe(
      200,
    );
    const rsvp = await one(host, 'rsvp_changed');
    expect(rsvp).toMatchObject({
      content: 'Ann Lee might come to Crab night.',
      actorId: ann.id,
      params: { username: ann.username, displayName: 'Ann Lee', roomName: 'Crab night', rsvp: 'maybe' },
    });
    const push = pushed.find((p) => p.notification.id === rsvp.id);
    expect(push?.notification.content).toBe('Ann Lee might come to Crab night.');

    // Without a display name: the username, and no `displayName` in params.
    const sent = await as(t, ben)('POST', `/v1/users/${ben.id}/friends/requests`, { friendId: ann.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const request = await one(ann, 'friend_request');
    expect(request.content).toContain(ben.username);
    expect(request.params).toEqual({ username: ben.username });
  });

  it('renames only the whole username, and leaves a payment reminder in the payee’s own words', async () => {
    const [host, ann] = await createUsers(t, 2);
    await named(host, 'Hana');
    // Rooms named after the host's handle: their names stay as they are.
    const roomName = `${host.username}2 ski trip`;
    await owedRound(t, host, ann, { name: roomName, currency: 'EUR' });

    const debt = await one(ann, 'bills_consolidated');
    expect(debt.content).toBe(`You owe €60.00 to Hana for ${roomName}.`);
    expect(debt.params).toMatchObject({ username: host.username, displayName: 'Hana', roomName });

    const words = `Pay ${host.username} back please`;
    const sent = await as(t, host)('POST', '/v1/notifications', {
      userId: ann.id,
      title: 'Reminder',
      content: words,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reminder = await one(ann, 'payment_reminder');
    // The payee's words as typed; the line the server adds names them as the payer knows them.
    expect(reminder.content).toBe(`${words}\nYou owe Hana €60.00 for ${roomName}.`);
    expect(reminder.params).toMatchObject({ username: host.username, displayName: 'Hana' });

    const party = `${host.username}'s party`;
    await makeFriends(t, host, ann);
    await createRoom(t, host, { name: party, isPrivate: true }, [ann.id]);
    const invite = await one(ann, 'room_invite');
    expect(invite.content.startsWith('Hana ')).toBe(true);
    expect(invite.content).toContain(party);
  });
});
