import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { parseIcs } from '../../test/ics.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, makeFriends, type TestUser } from '../../test/users.js';
import { EVENT_DURATION_MS, icsDisposition } from './ics.js';

let t: TestApp;
let host: TestUser;
let member: TestUser;
let stranger: TestUser;
let invitee: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  [host, member, stranger, invitee] = await Promise.all([
    createUser(t),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  await makeFriends(t, host, invitee);
});
afterAll(() => t.close());

async function roomWithMember(overrides: Record<string, unknown> = {}) {
  const { room } = await createRoom(t, host, overrides, [invitee.id]);
  expect((await as(t, member)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room;
}

const ics = (u: TestUser, roomId: string) => as(t, u)('GET', `/v1/rooms/${roomId}/calendar.ics`);

async function eventOf(u: TestUser, roomId: string) {
  const res = await ics(u, roomId);
  expect(res.statusCode, res.body).toBe(200);
  const { events } = parseIcs(res.body);
  expect(events).toHaveLength(1);
  return events[0]!;
}

async function roomRow(roomId: string) {
  const { rows } = await t.database.pool.query<{ starts_at: Date; updated_at: Date; schedule_seq: number }>(
    'SELECT starts_at, updated_at, schedule_seq FROM rooms WHERE id = $1',
    [roomId],
  );
  return rows[0]!;
}

describe('GET /v1/rooms/{id}/calendar.ics', () => {
  it('answers a member one VEVENT whose fields round-trip through an iCalendar parser', async () => {
    const room = await roomWithMember({ name: 'Friday dinner', description: 'Pasta and stories' });
    const res = await ics(member, room.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Friday dinner.ics"; filename*=UTF-8\'\'Friday%20dinner.ics',
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // RFC 5545 §3.1: CRLF line breaks, lines of at most 75 octets.
    expect(res.body.endsWith('\r\n')).toBe(true);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);

    const { calendar, events } = parseIcs(res.body);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const row = await roomRow(room.id);
    const link = `https://outing.example/room/${room.id}`;
    expect(events).toEqual([
      {
        uid: `${room.id}@outing.example`,
        sequence: 0,
        summary: 'Friday dinner',
        location: 'Luigi’s Trattoria',
        description: `Pasta and stories\n\n${link}`,
        url: link,
        status: 'CONFIRMED',
        start: room.startsAt,
        end: new Date(Date.parse(room.startsAt) + EVENT_DURATION_MS).toISOString(),
        startZone: 'Z',
        stamp: new Date(Math.floor(row.updated_at.getTime() / 1000) * 1000).toISOString(),
        lastModified: new Date(Math.floor(row.updated_at.getTime() / 1000) * 1000).toISOString(),
      },
    ]);
    expect(room.startsAt).toBe(row.starts_at.toISOString());
    // The host gets the same entry.
    expect((await eventOf(host, room.id)).uid).toBe(`${room.id}@outing.example`);
  });

  it('refuses whoever is not a member: 403 for a stranger or a pending invitee, 404 for no such room, 401 without a token', async () => {
    const room = await roomWithMember({ isPrivate: true, name: 'Hidden party' });
    for (const u of [stranger, invitee]) {
      const res = await ics(u, room.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_MEMBER' });
      expect(res.body).not.toContain('Hidden party');
    }
    for (const id of [randomUUID(), 'not-a-room']) {
      const res = await ics(member, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/rooms/${room.id}/calendar.ics` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('places a Europe/London room right on the day the clocks go forward (and the day before)', async () => {
    const room = await roomWithMember();
    // The last Sunday of March 2027: BST (UTC+1) from 01:00 UTC.
    await t.database.pool.query(
      `UPDATE rooms SET time_zone = 'Europe/London', date = '2027-03-28', time = '19:30' WHERE id = $1`,
      [room.id],
    );
    const after = await eventOf(member, room.id);
    expect(after.start).toBe('2027-03-28T18:30:00.000Z');
    expect(after.end).toBe('2027-03-28T20:30:00.000Z');
    await t.database.pool.query(`UPDATE rooms SET date = '2027-03-27' WHERE id = $1`, [room.id]);
    expect((await eventOf(member, room.id)).start).toBe('2027-03-27T19:30:00.000Z');
    // And New York, whose clocks go forward two weeks earlier.
    await t.database.pool.query(
      `UPDATE rooms SET time_zone = 'America/New_York', date = '2027-03-14', time = '10:00' WHERE id = $1`,
      [room.id],
    );
    expect((await eventOf(member, room.id)).start).toBe('2027-03-14T14:00:00.000Z');
  });

  it('keeps the UID and raises SEQUENCE on every edit of date, time or venue, not on other edits', async () => {
    const room = await roomWithMember();
    const first = await eventOf(member, room.id);
    expect(first.sequence).toBe(0);
    const edits = [
      `date = date + 1`,
      `time = '21:15'`,
      `venue = 'Harbour Hall', venue_place_id = 'local:harbour-hall'`,
    ];
    let seq = 0;
    for (const edit of edits) {
      await t.database.pool.query(`UPDATE rooms SET ${edit}, updated_at = now() WHERE id = $1`, [room.id]);
      const event = await eventOf(member, room.id);
      seq += 1;
      expect(event.sequence, edit).toBe(seq);
      expect(event.uid).toBe(first.uid);
    }
    const moved = await eventOf(member, room.id);
    expect(moved.location).toBe('Harbour Hall');
    expect(moved.start).toBe((await roomRow(room.id)).starts_at.toISOString());
    await t.database.pool.query(`UPDATE rooms SET description = 'New plan' WHERE id = $1`, [room.id]);
    expect((await eventOf(member, room.id)).sequence).toBe(seq);
  });

  it('says CANCELLED, one revision later, once the host closes the room; members can still fetch it', async () => {
    const room = await roomWithMember();
    const open = await eventOf(member, room.id);
    expect(open.status).toBe('CONFIRMED');
    expect((await as(t, host)('PATCH', `/v1/rooms/${room.id}/close`)).statusCode).toBe(200);
    const closed = await eventOf(member, room.id);
    expect(closed).toMatchObject({ status: 'CANCELLED', uid: open.uid, sequence: open.sequence + 1 });
  });

  it('escapes and folds what people type: commas, semicolons, new lines, quotes, emoji, long text', async () => {
    const name = 'Tapas; wine, & “tales” 🎉';
    const description = `Line one, with a comma; a semicolon\nLine two \\ backslash ${'é'.repeat(200)}`;
    const room = await roomWithMember({ name, description });
    const res = await ics(member, room.id);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const [event] = parseIcs(res.body).events;
    expect(event!.summary).toBe(name);
    expect(event!.description).toBe(`${description}\n\nhttps://outing.example/room/${room.id}`);
    // The filename: an ASCII fallback without quotes, and the exact name in filename*.
    const disposition = res.headers['content-disposition'] as string;
    const ascii = /filename="([^"]*)"/.exec(disposition)![1]!;
    expect(ascii).toMatch(/^[A-Za-z0-9 ._-]+\.ics$/);
    const utf8 = /filename\*=UTF-8''(\S+)$/.exec(disposition)![1]!;
    expect(utf8).not.toMatch(/['()*\s]/);
    expect(decodeURIComponent(utf8)).toBe(`${name}.ics`);
  });
});

describe('icsDisposition', () => {
  it('never lets a name break out of the header value', () => {
    for (const name of ['a"b', 'x\r\nSet-Cookie: y=1', "it's (mine)*", '', '   ', '../../etc/passwd']) {
      const value = icsDisposition(name);
      expect(value).not.toMatch(/[\r\n]/);
      expect(value.match(/"/g)).toHaveLength(2);
      expect(/filename="([^"]*)"/.exec(value)![1]).not.toContain('/');
    }
    expect(icsDisposition('   ')).toContain('filename="outing.ics"');
  });
});
