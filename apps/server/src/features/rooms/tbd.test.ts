import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datePollResponse, roomPreviewResponse, roomResponse, roomsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { parseIcs } from '../../test/ics.js';
import { queuedJobs } from '../../test/reminders.js';
import { as, createRoom, nextWeek, notificationTexts, roomPayload } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { cardDescription } from '../preview/open-graph.js';
import { placeholderDate } from './tbd.js';

// A date and/or venue "to be decided" (issue 37 item 1; docs/api/README.md#date-and-venue-tbd).

let t: TestApp;
let host: TestUser;
let friend: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  [host, friend] = await Promise.all([createUser(t), createUser(t)]);
  await makeFriends(t, host, friend);
});
afterAll(() => t.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A create payload with both flags and without the fields they make optional (unless `over` gives them). */
const tbdRoom = (over: Record<string, unknown> = {}) => {
  const { room } = roomPayload({ dateTbd: true, venueTbd: true, ...over });
  const fields = ['date', 'time', 'venue', 'venuePlaceId'].filter((f) => !(f in over));
  return { room: Object.fromEntries(Object.entries(room).filter(([k]) => !fields.includes(k))) };
};
async function createTbd(over: Record<string, unknown> = {}, invitees: number[] = []) {
  const res = await as(t, host)('POST', '/v1/rooms', { ...tbdRoom(over), invitees });
  expect(res.statusCode, res.body).toBe(200);
  return roomResponse.shape.data.parse(res.json().data.room);
}
const edit = (roomId: string, body: Record<string, unknown>) =>
  as(t, host)('PATCH', `/v1/rooms/${roomId}/edit`, { description: '', ...body });
const seq = async (roomId: string) =>
  (await t.database.pool.query('SELECT schedule_seq FROM rooms WHERE id = $1', [roomId])).rows[0]
    .schedule_seq as number;

describe('creating a room with the date and venue to be decided', () => {
  it('answers placeholders for older clients and the flags, in the room’s time zone', async () => {
    const room = await createTbd({ timeZone: 'Pacific/Kiritimati' });
    expect(room).toMatchObject({
      dateTbd: true,
      venueTbd: true,
      date: `${placeholderDate('Pacific/Kiritimati')}T00:00:00.000Z`,
      time: '19:00',
      venue: 'To be decided',
      venueUrl: '',
    });
    // 7 days ahead of today in the room's zone (UTC+14 may already be tomorrow).
    expect([inDays(7), inDays(8)]).toContain(room.date.slice(0, 10));
  });

  it('ignores a date or venue sent with the flag; each flag alone leaves the other field as given', async () => {
    const room = await createTbd({
      date: inDays(30),
      time: '08:00',
      venueTbd: false,
      venue: 'Bar Uno',
      venuePlaceId: 'local:bar-uno',
    });
    expect(room).toMatchObject({ dateTbd: true, venueTbd: false, time: '19:00', venue: 'Bar Uno' });
    expect(room.venueUrl).toContain('Bar%20Uno');
    const { room: venueOnly } = await createRoom(t, host, {
      venueTbd: true,
      venue: undefined,
      venuePlaceId: undefined,
    });
    expect(venueOnly).toMatchObject({
      dateTbd: false,
      venueTbd: true,
      time: '19:30',
      venue: 'To be decided',
    });
    expect(venueOnly.date).toBe(`${nextWeek()}T00:00:00.000Z`);
  });

  it('an older client that sends every field gets the room as before, with both flags false', async () => {
    const { room } = await createRoom(t, host);
    expect(room).toMatchObject({
      dateTbd: false,
      venueTbd: false,
      time: '19:30',
      venue: 'Luigi’s Trattoria',
    });
    // Every list answers the flags too.
    const tbd = await createTbd();
    const mine = roomsResponse.parse((await as(t, host)('GET', '/v1/rooms')).json()).data;
    expect(mine.find((r) => r.id === tbd.id)).toMatchObject({ dateTbd: true, venueTbd: true });
    expect(mine.find((r) => r.id === room.id)).toMatchObject({ dateTbd: false, venueTbd: false });
    const explore = roomsResponse.parse(
      (await as(t, friend)('GET', '/v1/rooms/public?limit=50')).json(),
    ).data;
    expect(explore.find((r) => r.id === tbd.id)).toMatchObject({ dateTbd: true, venueTbd: true });
    const preview = await t.app.inject({ method: 'GET', url: `/v1/rooms/${tbd.id}/preview` });
    const seen = roomPreviewResponse.parse(preview.json()).data;
    expect(seen).toMatchObject({ dateTbd: true, venueTbd: true, isPast: false, venueUrl: '' });
    // A link pasted in a chat app says so, not the placeholders.
    expect(cardDescription(seen)).toBe('Date to be decided · Venue to be decided');
  });

  it.each([
    [{ date: undefined }, 'room.date', 'Date is required'],
    [{ time: undefined }, 'room.time', 'Time is required'],
    [{ venue: undefined }, 'room.venue', 'Venue is required'],
    [{ venuePlaceId: undefined }, 'room.venuePlaceId', 'Please select a venue.'],
    [{ dateTbd: 'yes' }, 'room.dateTbd', /.+/],
    [{ venueTbd: 1 }, 'room.venueTbd', /.+/],
  ])('without its flag a field is still required: %j (400 on %s)', async (over, path, message) => {
    const res = await as(t, host)('POST', '/v1/rooms', roomPayload(over));
    expect(res.statusCode).toBe(400);
    const issue = res.json().issues.find((i: { path: string }) => i.path === path);
    expect(issue?.message, res.body).toMatch(message);
  });
});

describe('reminders and calendar of a date to be decided', () => {
  it('plans no reminder and gives no VEVENT while the date is to be decided; a later date plans them', async () => {
    const room = await createTbd({}, [friend.id]);
    expect(await queuedJobs(t.database, room.id)).toEqual({});
    const ics = await as(t, host)('GET', `/v1/rooms/${room.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(parseIcs(ics.body).events).toEqual([]);

    const feed = await as(t, host)('POST', `/v1/users/${host.id}/calendar-feed`);
    const url = new URL(feed.json().data.url);
    const { room: fixedRoom } = await createRoom(t, host, { name: 'Fixed one' });
    const feedText = (await t.app.inject({ method: 'GET', url: url.pathname })).body;
    const uids = parseIcs(feedText).events.map((e) => e.uid.split('@')[0]);
    expect(uids).toContain(fixedRoom.id);
    expect(uids).not.toContain(room.id);

    // The host sets the date: the flag goes, the reminders are planned, the entry appears (venue still TBD).
    const res = await edit(room.id, { date: inDays(10), time: '20:00', venueTbd: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(roomResponse.parse(res.json()).data).toMatchObject({
      dateTbd: false,
      venueTbd: true,
      time: '20:00',
    });
    expect(Object.keys(await queuedJobs(t.database, room.id)).sort()).toEqual(['day', 'hours']);
    const fixedIcs = (await as(t, host)('GET', `/v1/rooms/${room.id}/calendar.ics`)).body;
    const events = parseIcs(fixedIcs).events;
    expect(events).toHaveLength(1);
    expect(fixedIcs).not.toContain('LOCATION');
    expect(events[0]!.start.slice(0, 10)).toBe(inDays(10));
    const after = parseIcs((await t.app.inject({ method: 'GET', url: url.pathname })).body).events;
    expect(after.map((e) => e.uid.split('@')[0])).toContain(room.id);
    // The friend hears that the date is set, not that the outing "moved" from its placeholder.
    const notes = await notificationTexts(t, friend.id);
    expect(notes.at(-1)).toMatch(/^Friday dinner: the date is set — .+ 20:00\.$/);
    expect(notes.some((n) => n.includes('moved'))).toBe(false);
    // Nor does the room's history say it moved from its placeholder.
    const { rows: moved } = await t.database.pool.query(
      `SELECT changes FROM room_activity WHERE room_id = $1 AND kind = 'room_moved'`,
      [room.id],
    );
    expect(moved).toEqual([]);
  });

  it('fixing a date-poll option clears the flag and plans the reminders', async () => {
    const room = await createTbd();
    const before = await seq(room.id);
    const created = await as(t, host)('POST', `/v1/rooms/${room.id}/date-poll`, {
      options: [
        { date: inDays(12), time: '19:30' },
        { date: inDays(13), time: '18:00' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const option = datePollResponse.parse(created.json()).data!.options[0]!;
    expect(await queuedJobs(t.database, room.id)).toEqual({});
    const res = await as(t, host)('POST', `/v1/rooms/${room.id}/date-poll/${option.id}/fix`);
    expect(res.statusCode, res.body).toBe(200);
    expect(roomResponse.parse(res.json()).data).toMatchObject({ dateTbd: false, venueTbd: true });
    const jobs = await queuedJobs(t.database, room.id);
    expect(Object.keys(jobs).sort()).toEqual(['day', 'hours']);
    expect(new Date(jobs.hours!.payload.startsAt).toISOString()).toBe(
      roomResponse.parse(res.json()).data.startsAt,
    );
    expect(await seq(room.id)).toBeGreaterThan(before);
  });
});

describe('editing what is to be decided', () => {
  it('an older client sending the placeholders back keeps both flags; other fields change', async () => {
    const room = await createTbd();
    const res = await edit(room.id, {
      date: room.date.slice(0, 10),
      time: room.time,
      venue: room.venue,
      placeId: room.venuePlaceId,
      description: 'Crab, somewhere',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(roomResponse.parse(res.json()).data).toMatchObject({
      dateTbd: true,
      venueTbd: true,
      description: 'Crab, somewhere',
    });
    expect(await queuedJobs(t.database, room.id)).toEqual({});
  });

  it('a new venue clears venueTbd; the host may make the date and venue to be decided again', async () => {
    const { room } = await createRoom(t, host, { date: inDays(9) });
    expect(Object.keys(await queuedJobs(t.database, room.id)).sort()).toEqual(['day', 'hours']);
    const before = await seq(room.id);
    const res = await edit(room.id, { dateTbd: true, venueTbd: true });
    expect(res.statusCode, res.body).toBe(200);
    const tbd = roomResponse.parse(res.json()).data;
    // The date stays as it was (now a placeholder); the venue takes the placeholder.
    expect(tbd).toMatchObject({ dateTbd: true, venueTbd: true, date: room.date, venue: 'To be decided' });
    expect(await queuedJobs(t.database, room.id)).toEqual({});
    expect(await seq(room.id)).toBeGreaterThan(before);

    const venue = await edit(room.id, {
      dateTbd: true,
      venue: 'Jumbo Seafood',
      placeId: 'local:jumbo-seafood',
    });
    expect(roomResponse.parse(venue.json()).data).toMatchObject({
      dateTbd: true,
      venueTbd: false,
      venue: 'Jumbo Seafood',
    });
    const fixed = await edit(room.id, {
      dateTbd: false,
      date: room.date.slice(0, 10),
      time: room.time,
      venue: 'Jumbo Seafood',
      placeId: 'local:jumbo-seafood',
    });
    expect(roomResponse.parse(fixed.json()).data).toMatchObject({ dateTbd: false, venueTbd: false });
    expect(Object.keys(await queuedJobs(t.database, room.id)).sort()).toEqual(['day', 'hours']);
  });

  it('guests are told the date or the venue is to be decided again, not of a move to its placeholder', async () => {
    const guest = await createUser(t);
    const { room } = await createRoom(t, host, { name: 'Crab night', date: inDays(9) });
    expect((await as(t, guest)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
    const changed = async () => {
      const { rows } = await t.database.pool.query(
        `SELECT content, params FROM notifications WHERE user_id = $1 AND kind = 'room_changed'`,
        [guest.id],
      );
      return rows as { content: string; params: Record<string, unknown> }[];
    };
    expect(
      (await edit(room.id, { dateTbd: true, venue: room.venue, placeId: room.venuePlaceId })).statusCode,
    ).toBe(200);
    expect(await changed()).toEqual([
      {
        content: 'Crab night: the date is to be decided again.',
        params: expect.objectContaining({ roomName: 'Crab night', dateTbd: true }),
      },
    ]);
    expect((await changed())[0]!.params).not.toHaveProperty('venueTbd');
    // Within the hour the one notification says the latest (docs/notifications.md).
    expect((await edit(room.id, { dateTbd: true, venueTbd: true })).statusCode).toBe(200);
    expect(await changed()).toEqual([
      {
        content: 'Crab night: the venue is to be decided again.',
        params: expect.objectContaining({ venue: 'To be decided', venueTbd: true }),
      },
    ]);
  });

  it('without dateTbd: true an edit still needs the date and time (400 naming them)', async () => {
    const room = await createTbd();
    const res = await edit(room.id, { venueTbd: true });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['date', 'time']));
  });

  it('a member can join a room whose placeholder date has passed while it is still to be decided', async () => {
    const room = await createTbd();
    await t.database.pool.query(`UPDATE rooms SET date = current_date - 1, time = '12:00' WHERE id = $1`, [
      room.id,
    ]);
    const stranger = await createUser(t);
    expect((await as(t, stranger)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  });
});
