// Capacity and waitlist on real PostgreSQL (docs/api/README.md#plans): joins and leaves at once keep exactly `capacity`
// going, the waitlist in order, and every count equal to its rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createUsers, countsOf, createRoom, notificationTexts, roomPayload } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const users = (n: number) => createUsers(t, n);
const rsvps = async (roomId: string) =>
  (
    await t.database.pool.query<{ user_id: number; rsvp: string }>(
      'SELECT user_id, rsvp FROM room_members WHERE room_id = $1 ORDER BY rsvp_at, user_id',
      [roomId],
    )
  ).rows;
const waitlist = async (roomId: string) =>
  (await rsvps(roomId)).filter((r) => r.rsvp === 'waitlisted').map((r) => r.user_id);
const going = async (roomId: string) =>
  (await rsvps(roomId)).filter((r) => r.rsvp === 'going').map((r) => r.user_id);
const consistent = async (roomId: string) => {
  const c = await countsOf(t, roomId);
  expect(c.going_count).toBe(c.going);
  expect(c.maybe_count).toBe(c.maybe);
  expect(c.waitlist_count).toBe(c.waitlisted);
  expect(c.invited_count).toBe(c.invited);
  return c;
};

async function joinInTurn(roomId: string, people: TestUser[]) {
  for (const u of people) {
    const res = await as(t, u)('PATCH', `/v1/rooms/${roomId}/join`);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('capacity and waitlist', () => {
  it('a full room puts joiners on the waitlist (join, accepted invite, rsvp going); maybe takes no place', async () => {
    const [host, ann, ben, cat, dan, eve] = await users(6);
    for (const u of [cat, dan, eve]) await makeFriends(t, host, u);
    const { room } = await createRoom(t, host, { capacity: 2 }, [cat.id, dan.id, eve.id]);
    expect(room.capacity).toBe(2);
    await joinInTurn(room.id, [ann]);
    const full = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/join`);
    expect(full.statusCode).toBe(200);
    expect(full.json().data.room).toMatchObject({ myRsvp: 'waitlisted', goingCount: 2, waitlistCount: 1 });
    const accepted = await as(t, cat)('PATCH', `/v1/rooms/${room.id}`, { accept: true });
    expect(accepted.json().data.room.myRsvp).toBe('waitlisted');
    const viaRsvp = await as(t, dan)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(viaRsvp.json().data).toMatchObject({ rsvp: 'waitlisted', room: { waitlistCount: 3 } });
    const maybe = await as(t, eve)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    expect(maybe.json().data.rsvp).toBe('maybe');
    expect(await waitlist(room.id)).toEqual([ben.id, cat.id, dan.id]);
    // A waitlisted member asking to go again keeps their place in the queue.
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(await waitlist(room.id)).toEqual([ben.id, cat.id, dan.id]);
    await consistent(room.id);
  });

  it('a place freed (leave, maybe, declined) goes to the first waiting, who is notified; others wait', async () => {
    const [host, ann, ben, cat, dan] = await users(5);
    const { room } = await createRoom(t, host, { capacity: 2, name: 'Karaoke night' });
    await joinInTurn(room.id, [ann, ben, cat, dan]);
    expect(await waitlist(room.id)).toEqual([ben.id, cat.id, dan.id]);

    expect((await as(t, ann)('PATCH', `/v1/rooms/${room.id}/leave`)).statusCode).toBe(200);
    expect(await waitlist(room.id)).toEqual([cat.id, dan.id]);
    expect(await notificationTexts(t, ben.id)).toEqual(["A place opened up: you're going to Karaoke night."]);
    const { rows } = await t.database.pool.query(`SELECT title FROM notifications WHERE user_id = $1`, [
      ben.id,
    ]);
    expect(rows).toEqual([{ title: 'A place opened up' }]);

    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    expect(await waitlist(room.id)).toEqual([dan.id]);
    expect(await notificationTexts(t, cat.id)).toEqual(["A place opened up: you're going to Karaoke night."]);
    await as(t, host)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    expect(await waitlist(room.id)).toEqual([]);
    expect((await going(room.id)).sort((a, b) => a - b)).toEqual([cat.id, dan.id].sort((a, b) => a - b));
    // Nobody else was told anything; the host only heard each person's answers (docs/notifications.md,
    // `rsvp_changed`: ben's maybe within the hour updated his going-on-the-waitlist one).
    expect(await notificationTexts(t, ann.id)).toEqual([]);
    expect(await notificationTexts(t, host.id)).toEqual([
      `${ann.username} is going to Karaoke night.`,
      `${ben.username} might come to Karaoke night.`,
      `${cat.username} wants to come to Karaoke night and is on the waitlist.`,
      `${dan.username} wants to come to Karaoke night and is on the waitlist.`,
    ]);
    // ben, now maybe, wants to go: the room is full again, so he waits.
    const again = await as(t, ben)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(again.json().data.rsvp).toBe('waitlisted');
    await consistent(room.id);
  });

  it('the host raising or removing the capacity promotes as many as fit; lowering bumps nobody', async () => {
    const [host, ...rest] = await users(7);
    const edit = (capacity: number | null) => {
      const p = roomPayload().room;
      return as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, {
        venue: p.venue,
        placeId: p.venuePlaceId,
        date: p.date,
        time: p.time,
        description: p.description,
        capacity,
      });
    };
    const { room } = await createRoom(t, host, { capacity: 1 });
    await joinInTurn(room.id, rest);
    expect(await waitlist(room.id)).toEqual(rest.map((u) => u.id));

    const raised = await edit(3);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ capacity: 3, goingCount: 3, waitlistCount: 4 });
    expect(await waitlist(room.id)).toEqual(rest.slice(2).map((u) => u.id));
    for (const u of rest.slice(0, 2)) expect(await notificationTexts(t, u.id)).toHaveLength(1);

    const lowered = await edit(1);
    expect(lowered.json().data).toMatchObject({ capacity: 1, goingCount: 3, waitlistCount: 4 });
    // Still full: leaving a going place frees nothing while going > capacity.
    await as(t, rest[0]!)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect((await consistent(room.id)).going).toBe(2);
    expect(await waitlist(room.id)).toHaveLength(4);

    const removed = await edit(null);
    expect(removed.json().data).toMatchObject({ capacity: null, goingCount: 6, waitlistCount: 0 });
    await consistent(room.id);
  });

  it('over a lowered capacity nobody going is removed and every way in waits until fewer than it are going', async () => {
    const [host, ann, ben, cat, dan, eve, fay] = await users(7);
    await makeFriends(t, host, fay);
    const { room } = await createRoom(t, host, { capacity: 10 }, [fay.id]);
    await joinInTurn(room.id, [ann, ben, cat, dan]);
    await as(t, dan)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    const p = roomPayload().room;
    const lowered = await as(t, host)('PATCH', `/v1/rooms/${room.id}/edit`, {
      venue: p.venue,
      placeId: p.venuePlaceId,
      date: p.date,
      time: p.time,
      description: p.description,
      capacity: 2,
    });
    expect(lowered.json().data).toMatchObject({ capacity: 2, goingCount: 4, waitlistCount: 0 });
    expect((await going(room.id)).sort((a, b) => a - b)).toEqual(
      [host.id, ann.id, ben.id, cat.id].sort((a, b) => a - b),
    );
    // A join, an accepted invite and a maybe answering Going all wait.
    await joinInTurn(room.id, [eve]);
    await as(t, fay)('PATCH', `/v1/rooms/${room.id}`, { accept: true });
    const maybe = await as(t, dan)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'going' });
    expect(maybe.json().data.rsvp).toBe('waitlisted');
    expect(await waitlist(room.id)).toEqual([eve.id, fay.id, dan.id]);
    // Two of four going step back: still as many as the capacity, nobody comes in; a third frees a place.
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'maybe' });
    await as(t, ben)('PATCH', `/v1/rooms/${room.id}/leave`);
    expect(await waitlist(room.id)).toEqual([eve.id, fay.id, dan.id]);
    await as(t, cat)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status: 'declined' });
    expect(await waitlist(room.id)).toEqual([fay.id, dan.id]);
    expect((await consistent(room.id)).going).toBe(2);
  });

  it('60 people joining a room of 10 at once (the host holds a place): exactly 10 going, 51 waitlisted, counts exact', async () => {
    const host = await createUser(t);
    const people = await users(60);
    const { room } = await createRoom(t, host, { capacity: 10 });
    const results = await Promise.all(people.map((u) => as(t, u)('PATCH', `/v1/rooms/${room.id}/join`)));
    expect(results.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    const mine = results.map((r) => r.json().data.room.myRsvp as string);
    expect(mine.filter((s) => s === 'going')).toHaveLength(9);
    expect(mine.filter((s) => s === 'waitlisted')).toHaveLength(51);
    const c = await consistent(room.id);
    expect(c).toMatchObject({ going: 10, waitlisted: 51 });

    // 20 leave at once: the 9 going besides the host and the last 11 waitlisted. 9 places open for 40 waiting.
    const goingIds = new Set(await going(room.id));
    const leaving = people
      .filter((u) => goingIds.has(u.id))
      .concat(people.filter((u) => !goingIds.has(u.id)).slice(-11));
    const queueBefore = (await waitlist(room.id)).filter((id) => !leaving.some((u) => u.id === id));
    const left = await Promise.all(leaving.map((u) => as(t, u)('PATCH', `/v1/rooms/${room.id}/leave`)));
    expect(left.map((r) => r.statusCode)).toEqual(leaving.map(() => 200));
    const after = await consistent(room.id);
    expect(after).toMatchObject({ going: 10, waitlisted: 51 - 11 - 9 });
    // The promoted are exactly the first 9 of the remaining queue, in order.
    expect(await waitlist(room.id)).toEqual(queueBefore.slice(9));
    for (const id of queueBefore.slice(0, 9)) expect(await notificationTexts(t, id)).toHaveLength(1);
    for (const id of queueBefore.slice(9)) expect(await notificationTexts(t, id)).toHaveLength(0);
  });

  it('answers changing at once (going ↔ maybe, waitlisted joining) never put more than capacity going', async () => {
    const host = await createUser(t);
    const people = await users(30);
    const { room } = await createRoom(t, host, { capacity: 10 });
    await Promise.all(people.map((u) => as(t, u)('PATCH', `/v1/rooms/${room.id}/join`)));
    // 9 going besides the host, 21 waiting. All 30 change their answer at once: the going to maybe, the waiting
    // to maybe, then back to going, in a shuffled order.
    const answer = (u: TestUser, status: string) =>
      as(t, u)('PATCH', `/v1/rooms/${room.id}/rsvp`, { status });
    const first = await Promise.all(people.map((u, i) => answer(u, i % 2 ? 'maybe' : 'going')));
    expect(first.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    let c = await consistent(room.id);
    expect(c.going).toBe(10);
    const second = await Promise.all(people.map((u, i) => answer(u, i % 2 ? 'going' : 'maybe')));
    expect(second.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    c = await consistent(room.id);
    expect(c.going).toBe(10);
    expect(c.going + c.maybe + c.waitlisted).toBe(31);
    // Every answer is what the row holds, or a later promotion of it (a waitlisted answer may since be going).
    const rows = new Map((await rsvps(room.id)).map((r) => [r.user_id, r.rsvp]));
    second.forEach((r, i) => {
      const said = r.json().data.rsvp as string;
      const now = rows.get(people[i]!.id);
      expect(said === 'waitlisted' ? ['waitlisted', 'going'] : [said]).toContain(now);
    });
  }, 60_000);
});
