import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { parseIcs } from '../../test/ics.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser } from '../../test/users.js';
import { roomsCalendar, type CalendarRoom } from './ics.js';

/**
 * Issue 32, item 7: RFC 5545 TEXT (§3.3.11) excludes CONTROL but as the escaped `\n`, and strict parsers reject a
 * whole feed for one raw VT, FF, ESC, BEL or DEL. Rooms stored before the contract refused them may hold any.
 */

const NASTY = 'a\u000bb\u000cc\u001bd\u0007e\u007ff\u0000g\u0008h\u0085i\tj';
// Everything CONTROL names (RFC 5545 §3.1: %x00-08 / %x0A-1F / %x7F), plus HTAB and the C1 controls.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The calendar's text with the CRLF that ends (and, followed by a space, folds) each content line taken out. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

const room = (over: Partial<CalendarRoom> = {}): CalendarRoom => ({
  id: '7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11',
  name: 'Friday dinner',
  venue: 'Luigi’s',
  description: 'Pasta',
  startsAt: new Date('2030-01-01T18:30:00Z'),
  createdAt: new Date('2029-12-01T00:00:00Z'),
  updatedAt: new Date('2029-12-02T00:00:00Z'),
  scheduleSeq: 0,
  isClosed: false,
  ...over,
});

describe('roomsCalendar', () => {
  it('writes no raw control character from any text (SUMMARY, LOCATION, DESCRIPTION, the calendar name)', () => {
    const ics = roomsCalendar(
      [room({ name: `Fri${NASTY}`, venue: `Luigi${NASTY}`, description: `Pasta${NASTY}\nline two` })],
      { publicUrl: 'https://outing.example', name: `Outing${NASTY}` },
    );
    for (const line of unfolded(ics)) expect(line).not.toMatch(RAW_CONTROL);
    const [event] = parseIcs(ics).events;
    expect(event!.summary).toBe('Fria b c d e f g h i j');
    expect(event!.location).toBe('Luigia b c d e f g h i j');
    expect(event!.description).toBe(
      'Pastaa b c d e f g h i j\nline two\n\nhttps://outing.example/room/7b0c8f8e-3f38-4c3a-9a59-0b1e6a4c2d11',
    );
    expect(ics).toContain('X-WR-CALNAME:Outinga b c d e f g h i j\r\n');
  });

  it('keeps a description’s line breaks (escaped \\n) and makes a one-line text of a name or venue with them', () => {
    const ics = roomsCalendar(
      [room({ name: 'Fri\r\nday\rdinner\n', venue: 'Via\nRoma', description: 'a\r\nb\rc' })],
      {
        publicUrl: 'https://outing.example',
      },
    );
    const [event] = parseIcs(ics).events;
    expect(event!.summary).toBe('Fri day dinner');
    expect(event!.location).toBe('Via Roma');
    expect(event!.description.startsWith('a\nb\nc\n\n')).toBe(true);
  });
});

describe('GET /v1/rooms/{id}/calendar.ics from a stored row with control characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://outing.example' });
  });
  afterAll(() => t.close());

  it('answers a calendar without VT, FF, ESC, BEL or DEL that a strict parser reads', async () => {
    const host = await createUser(t);
    const { room: created } = await createRoom(t, host);
    // Past the API's rule, as a row stored before it may be.
    await t.database.pool.query('UPDATE rooms SET name = $2, venue = $3, description = $4 WHERE id = $1', [
      created.id,
      'Party\u000b\u000c\u001b[31m\u0007\u007f',
      'Bar\u001b\u0007',
      'Bring\u000b\u000c\u001b\u0007\u007fsnacks',
    ]);
    const res = await as(t, host)('GET', `/v1/rooms/${created.id}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    for (const c of ['\u000b', '\u000c', '\u001b', '\u0007', '\u007f']) expect(res.body).not.toContain(c);
    for (const line of unfolded(res.body)) expect(line).not.toMatch(RAW_CONTROL);
    const [event] = parseIcs(res.body).events;
    expect(event).toMatchObject({ summary: 'Party [31m', location: 'Bar' });
    expect(event!.description.startsWith('Bring snacks\n\n')).toBe(true);
  });
});
