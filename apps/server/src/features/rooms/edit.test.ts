import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomResponse } from '@outing/contract';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createUsers, createRoom, notificationTexts, roomPayload } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEFAULT_TIME_ZONE: 'Europe/Paris' });
});
afterAll(() => t.close());

/** The next Saturday at least a week away, as YYYY-MM-DD, and the Sunday after it. */
function weekend() {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  const sat = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 1);
  return { sat, sun: d.toISOString().slice(0, 10) };
}
const dayMonth = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`);
  return `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
};

const base = () => {
  const p = roomPayload().room;
  return { venue: p.venue, placeId: p.venuePlaceId, date: p.date, time: p.time, description: p.description };
};
const edit = (u: TestUser, id: string, body: object) =>
  as(t, u)('PATCH', `/v1/rooms/${id}/edit`, { ...base(), ...body });

async function picture(owner: TestUser) {
  const id = randomUUID();
  await t.database.pool.query(
    'INSERT INTO pictures (id, uploader_id, width, height) VALUES ($1, $2, 960, 640)',
    [id, owner.id],
  );
  return id;
}

describe('DEFAULT_TIME_ZONE', () => {
  it('defaults to UTC and must be a zone Intl knows by name', () => {
    expect(loadConfig({}).defaultTimeZone).toBe('UTC');
    expect(loadConfig({ DEFAULT_TIME_ZONE: 'Asia/Singapore' }).defaultTimeZone).toBe('Asia/Singapore');
    for (const bad of ['Mars/Olympus', '+02:00'])
      expect(() => loadConfig({ DEFAULT_TIME_ZONE: bad })).toThrow(
        /DEFAULT_TIME_ZONE must be an IANA time zone/,
      );
  });
});

describe('create: private by default, capacity, time zone, picture', () => {
  it('a room is private unless asked; the time zone defaults to DEFAULT_TIME_ZONE; startsAt follows it', async () => {
    const host = await createUser(t);
    const { room: payload } = roomPayload({ time: '19:30' });
    const { isPrivate: _omitted, ...withoutPrivacy } = payload;
    const res = await as(t, host)('POST', '/v1/rooms', { room: withoutPrivacy, invitees: [] });
    expect(res.statusCode, res.body).toBe(200);
    const room = res.json().data.room;
    expect(room).toMatchObject({
      isPrivate: true,
      timeZone: 'Europe/Paris',
      capacity: null,
      pictureUrl: null,
    });
    const paris = new Date(`${payload.date}T19:30:00Z`);
    const offset = paris.getTime() - new Date(room.startsAt).getTime();
    expect([3_600_000, 7_200_000]).toContain(offset);

    const sg = await createRoom(t, host, { timeZone: 'Asia/Singapore', time: '19:30', capacity: 12 });
    expect(sg.room).toMatchObject({ timeZone: 'Asia/Singapore', capacity: 12 });
    expect(new Date(sg.room.startsAt).toISOString()).toBe(`${payload.date}T11:30:00.000Z`);
  });

  it('refuses zones Intl or PostgreSQL do not know, offsets, and pictures that are not yours', async () => {
    const [host, other] = await Promise.all([createUser(t), createUser(t)]);
    for (const timeZone of ['Mars/Olympus', '+01:00', 'EST5EDT5', 'europe/paris']) {
      const res = await as(t, host)('POST', '/v1/rooms', roomPayload({ timeZone }));
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().message).toBe('Choose a time zone from the list, such as Europe/Paris.');
    }
    const theirs = await picture(other);
    for (const pictureId of [theirs, randomUUID()]) {
      const res = await as(t, host)('POST', '/v1/rooms', roomPayload({ pictureId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Choose a picture you uploaded.',
        issues: [{ path: 'room.pictureId', message: 'Choose a picture you uploaded.' }],
      });
    }
    const mine = await picture(host);
    const { room } = await createRoom(t, host, { pictureId: mine });
    expect(room.pictureUrl).toBe(`/v1/pictures/${mine}.webp`);
  });
});

describe('PATCH /rooms/{id}/edit: everything', () => {
  it('changes name, picture, privacy, capacity, time zone; a field left out stays', async () => {
    const host = await createUser(t);
    const { room } = await createRoom(t, host, { isPrivate: false, imageUrl: '/imgs/party.png' });
    const pic = await picture(host);
    const res = await edit(host, room.id, {
      name: 'Renamed',
      imageUrl: '/imgs/birthday.png',
      isPrivate: true,
      capacity: 8,
      timeZone: 'America/New_York',
      pictureId: pic,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(roomResponse.parse(res.json()).data).toMatchObject({
      name: 'Renamed',
      imageUrl: '/imgs/birthday.png',
      isPrivate: true,
      capacity: 8,
      timeZone: 'America/New_York',
      pictureUrl: `/v1/pictures/${pic}.webp`,
    });
    const kept = (await edit(host, room.id, { description: 'Only this' })).json().data;
    expect(kept).toMatchObject({
      name: 'Renamed',
      isPrivate: true,
      capacity: 8,
      timeZone: 'America/New_York',
    });
    const cleared = (await edit(host, room.id, { pictureId: null, capacity: null })).json().data;
    expect(cleared).toMatchObject({ pictureUrl: null, capacity: null });

    expect((await edit(host, room.id, { timeZone: 'Nowhere/Land' })).statusCode).toBe(400);
    expect((await edit(host, room.id, { pictureId: randomUUID() })).statusCode).toBe(400);
    expect((await edit(host, room.id, { capacity: 0 })).json().message).toContain('Capacity');
    expect((await edit(host, room.id, { name: '' })).statusCode).toBe(400);
  });

  it('a move of date, time or venue notifies members (not the editor) and pending invitees', async () => {
    const [host, ann, ben, cat] = await createUsers(t, 4);
    await makeFriends(t, host, ben);
    const { sat, sun } = weekend();
    const { room } = await createRoom(
      t,
      host,
      { name: 'Board games', date: sat, time: '19:30', timeZone: 'Europe/London' },
      [ben.id],
    );
    await as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`);

    // Only the description: nobody is told.
    await edit(host, room.id, { date: sat, time: '19:30', description: 'Bring snacks' });
    expect(await notificationTexts(t, ann.id)).toEqual([]);

    const moved = await edit(host, room.id, { date: sun, time: '18:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const text = `Board games moved from Sat ${dayMonth(sat)} 19:30 to Sun ${dayMonth(sun)} 18:00.`;
    expect(await notificationTexts(t, ann.id)).toEqual([text]);
    expect((await notificationTexts(t, ben.id)).at(-1)).toBe(text);
    // The editor is not told of the move (only of ann's joining, docs/notifications.md `rsvp_changed`).
    expect(await notificationTexts(t, host.id)).toEqual([`${ann.username} is going to Board games.`]);
    expect(await notificationTexts(t, cat.id)).toEqual([]);

    await edit(host, room.id, { date: sun, time: '18:00', venue: 'Harbour Hall', placeId: 'local:harbour' });
    expect((await notificationTexts(t, ann.id)).at(-1)).toBe('Board games moved to Harbour Hall.');

    // A new zone with the same wall clock is a new instant: shown in the new zone.
    await edit(host, room.id, {
      date: sun,
      time: '18:00',
      venue: 'Harbour Hall',
      placeId: 'local:harbour',
      timeZone: 'Europe/Paris',
    });
    expect((await notificationTexts(t, ann.id)).at(-1)).toBe(
      `Board games moved from Sun ${dayMonth(sun)} 19:00 to Sun ${dayMonth(sun)} 18:00.`,
    );
    const { rows } = await t.database.pool.query(
      'SELECT DISTINCT title FROM notifications WHERE user_id = $1',
      [ann.id],
    );
    expect(rows).toEqual([{ title: 'Outing moved' }]);
  });

  it('only the host (403), not a closed room (409); renaming a room dated yesterday is fine', async () => {
    const [host, ann] = await Promise.all([createUser(t), createUser(t)]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { room } = await createRoom(t, host, { date: yesterday });
    await t.database.pool.query(`UPDATE rooms SET date = current_date - 2 WHERE id = $1`, [room.id]);
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    // Same (past) date: allowed; moving it to another past date: not.
    expect((await edit(host, room.id, { date: old, name: 'Afterwards' })).statusCode).toBe(200);
    expect((await edit(host, room.id, { date: '2020-01-01' })).statusCode).toBe(400);
    expect((await edit(ann, room.id, { name: 'Mine' })).statusCode).toBe(403);
    await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`);
    expect((await edit(host, room.id, { date: old })).statusCode).toBe(409);
  });
});
