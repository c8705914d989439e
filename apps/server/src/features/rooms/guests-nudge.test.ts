import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestsResponse, nudgeResponse, NUDGE_INTERVAL_HOURS } from '@outing/contract';
import { sql } from 'drizzle-orm';
import { generateVapidKeys } from '../../lib/push-sender.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuest } from '../../test/guests.js';
import { browserKeys, startPushEndpoint } from '../../test/push-endpoint.js';
import {
  as,
  createUsers,
  createRoom,
  notificationTexts,
  roomPayload,
  startedRoom,
} from '../../test/rooms.js';
import { makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  service = await startPushEndpoint();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' }, undefined, {
    vapid: generateVapidKeys(),
    pushOptions: { backoffMs: 20, maxAttempts: 2, timeoutMs: 2000 },
  });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** Subscribes `u` to push on the test push service; `received()` decrypts what reached that browser. */
async function subscribed(u: TestUser) {
  const keys = browserKeys();
  const res = await as(t, u)('POST', '/v1/subscriptions', {
    userId: u.id,
    endpoint: service.endpoint(),
    auth: keys.auth,
    p256dh: keys.p256dh,
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    async received() {
      await t.app.push!.drain();
      return service.received.flatMap((r) => {
        try {
          return [JSON.parse(keys.decrypt(r.body)) as { title: string; message: string; url: string }];
        } catch {
          return [];
        }
      });
    },
  };
}

const people = (n: number) => createUsers(t, n);

describe('GET /rooms/{id}/guests', () => {
  it('members by answer (host first, the waitlist in order), then pending, then declined invitees', async () => {
    const [host, ann, ben, cat, dan, eve, fay] = await people(7);
    for (const u of [ben, cat, dan, eve, fay]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, { capacity: 2, isPrivate: true }, [
      ben.id,
      cat.id,
      dan.id,
      eve.id,
      fay.id,
    ]);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`); // going (2 of 2)
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' }); // waitlisted 1st
    await as(t, cat)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' }); // waitlisted 2nd
    await as(t, dan)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    await as(t, eve)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    // fay stays pending.

    const res = await as(t, ann)('GET', `/v1/rooms/${room.id}/guests`);
    expect(res.statusCode, res.body).toBe(200);
    const list = guestsResponse.parse(res.json()).data;
    expect(list.map((g) => [g.user.id, g.rsvp, g.isMember])).toEqual([
      [host.id, 'going', true],
      [ann.id, 'going', true],
      [dan.id, 'maybe', true],
      [ben.id, 'waitlisted', true],
      [cat.id, 'waitlisted', true],
      [fay.id, 'invited', false],
      [eve.id, 'declined', false],
    ]);
    expect(list.find((g) => g.rsvp === 'invited')).toMatchObject({ answeredAt: null, nudgedAt: null });
    expect(list[0]!.answeredAt).toEqual(expect.any(String));
    // Emails: ann is friends with nobody here; only her own shows.
    for (const g of list) expect(g.user.email).toBe(g.user.id === ann.id ? ann.email : '');
    // The host sees the friends' emails.
    const forHost = (await as(t, host)('GET', `/v1/rooms/${room.id}/guests`)).json().data;
    expect(forHost.find((g: { user: { id: number } }) => g.user.id === fay.id).user.email).toBe(fay.email);

    expect((await as(t, ann)('GET', `/v1/rooms/${randomUUID()}/guests`)).statusCode).toBe(404);
  });

  it('a pending invitee sees the same list before answering; a stranger, a declined invitee and another room’s guest are refused', async () => {
    const [host, ann, ben, cat, stranger] = await people(5);
    for (const u of [ann, ben, cat]) await makeFriends(t, host, u);
    await makeFriends(t, ben, cat);
    const { room } = await createRoom(t, host, { isPrivate: true }, [ben.id, cat.id]);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    await as(t, cat)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    const url = `/v1/rooms/${room.id}/guests`;

    const res = await as(t, ben)('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    const forBen = guestsResponse.parse(res.json()).data;
    expect(forBen.map((g) => [g.user.id, g.rsvp, g.isMember])).toEqual([
      [host.id, 'going', true],
      [ann.id, 'going', true],
      [ben.id, 'invited', false],
      [cat.id, 'declined', false],
    ]);
    // The same list a member gets, emails as the viewer's own friendships say (ben: the host and cat).
    const forAnn = guestsResponse.parse((await as(t, ann)('GET', url)).json()).data;
    expect(forBen.map(({ user: { email: _e, ...u }, ...g }) => ({ ...g, user: u }))).toEqual(
      forAnn.map(({ user: { email: _e, ...u }, ...g }) => ({ ...g, user: u })),
    );
    expect(forBen.map((g) => g.user.email)).toEqual([host.email, '', ben.email, cat.email]);
    // Reading changes nothing: ben is still invited.
    const [invite] = (
      await t.database.db.execute<{ status: string }>(
        sql`SELECT status FROM invites WHERE room_id = ${room.id} AND user_id = ${ben.id}`,
      )
    ).rows;
    expect(invite!.status).toBe('pending');

    for (const who of [stranger, cat]) {
      const refused = await as(t, who)('GET', url);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ status: 'error', code: 'NOT_MEMBER' });
    }
    // Once ben declines, the list is closed to him too.
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    expect((await as(t, ben)('GET', url)).statusCode).toBe(403);

    // A guest of another room: refused by its token's scope.
    const { room: other } = await createRoom(t, host, { isPrivate: true });
    const guest = await createGuest(t, other.id, 'Gus');
    const byGuest = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json()).toMatchObject({ code: 'GUEST_NOT_ALLOWED' });
  });
});

describe('POST /rooms/{id}/nudge', () => {
  it('the host nudges pending invitees once per interval: notification and push; then 429 with when', async () => {
    const [host, ann, ben, member] = await people(4);
    for (const u of [ann, ben]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, { name: 'Picnic', isPrivate: true }, [ann.id, ben.id]);
    await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`);
    const annPush = await subscribed(ann);

    expect((await as(t, member)('POST', `/v1/rooms/${room.id}/nudge`, {})).statusCode).toBe(403);
    expect((await as(t, ann)('POST', `/v1/rooms/${room.id}/nudge`, {})).statusCode).toBe(403);
    expect((await as(t, host)('POST', `/v1/rooms/${randomUUID()}/nudge`, {})).statusCode).toBe(404);
    const notInvited = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {
      userIds: [ann.id, member.id],
    });
    expect(notInvited.statusCode).toBe(400);
    expect(notInvited.json()).toMatchObject({
      message: 'Only people with an invite waiting for an answer can be nudged.',
      issues: [{ path: 'userIds.1' }],
    });

    const first = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, { userIds: [ann.id] });
    expect(first.statusCode, first.body).toBe(200);
    const body = nudgeResponse.parse(first.json()).data;
    expect(body).toMatchObject({ nudged: [ann.id], skipped: [] });
    expect(Date.parse(body.nextNudgeAt!) - Date.now()).toBeGreaterThan(
      (NUDGE_INTERVAL_HOURS - 1) * 3_600_000,
    );
    const text = `${host.username} is waiting for your answer to Picnic.`;
    expect((await notificationTexts(t, ann.id)).at(-1)).toBe(text);
    expect((await annPush.received()).at(-1)).toEqual({
      title: 'Waiting for your answer',
      message: text,
      // The room's page: an invitee sees its preview there, which answers the invite (issue #21).
      url: `/room/${room.id}`,
    });

    // All pending (no body at all): ben now, ann skipped.
    const allRes = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`);
    expect(allRes.statusCode, allRes.body).toBe(200);
    const all = nudgeResponse.parse(allRes.json()).data;
    expect(all).toMatchObject({ nudged: [ben.id], skipped: [ann.id] });
    expect((await notificationTexts(t, ann.id)).filter((c) => c === text)).toHaveLength(1);

    const again = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {});
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      `You nudged everyone recently. You can nudge again in ${NUDGE_INTERVAL_HOURS} hours.`,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3600);
    const one = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, { userIds: [ann.id] });
    expect(one.json().message).toMatch(/^You nudged them recently\. You can nudge again in \d+ hours?\.$/);

    // A day later ann can be nudged again.
    await t.database.pool.query(
      `UPDATE invites SET nudged_at = now() - interval '25 hours' WHERE room_id = $1 AND user_id = $2`,
      [room.id, ann.id],
    );
    const later = nudgeResponse.parse(
      (await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {})).json(),
    ).data;
    expect(later).toMatchObject({ nudged: [ann.id], skipped: [ben.id] });

    // Nobody left to answer: 409.
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    const none = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Everyone invited has already answered.');
  });

  it('refuses to nudge once the outing has started (409, the join sentence) or closed; nobody is told', async () => {
    const [host, ann] = await people(2);
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { name: 'Too late', isPrivate: true }, [ann.id]);
    const before = await notificationTexts(t, ann.id);
    await startedRoom(t, room.id);
    const started = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {});
    expect(started.statusCode, started.body).toBe(409);
    expect(started.json()).toMatchObject({ code: 'CONFLICT', message: 'This outing has already started.' });
    const named = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, { userIds: [ann.id] });
    expect(named.statusCode).toBe(409);
    expect(await notificationTexts(t, ann.id)).toEqual(before);
    expect((await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
    const closed = await as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This room is closed.');
    expect(await notificationTexts(t, ann.id)).toEqual(before);
  });

  it('ten nudges at once: one 200, nine 429s, one notification', async () => {
    const [host, ann] = await people(2);
    await makeFriends(t, host, ann);
    const { room } = await createRoom(t, host, { name: 'Rush', isPrivate: true }, [ann.id]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => as(t, host)('POST', `/v1/rooms/${room.id}/nudge`, {})),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    expect((await notificationTexts(t, ann.id)).filter((c) => c.includes('is waiting'))).toHaveLength(1);
  });

  it('a promotion and a move reach the browser as push too', async () => {
    const [host, ann, ben] = await people(3);
    const { room } = await createRoom(t, host, { name: 'Quiz', capacity: 2, timeZone: 'UTC', time: '19:30' });
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`);
    const benPush = await subscribed(ben);
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect((await benPush.received()).at(-1)).toEqual({
      title: 'A place opened up',
      message: "A place opened up: you're going to Quiz.",
      url: `/room/${room.id}`,
    });
    const p = roomPayload().room;
    await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, {
      venue: 'Harbour Hall',
      placeId: 'local:harbour',
      date: p.date,
      time: '19:30',
      description: '',
    });
    expect((await benPush.received()).at(-1)).toEqual({
      title: 'Outing moved',
      message: 'Quiz moved to Harbour Hall.',
      url: `/room/${room.id}`,
    });
  });
});
