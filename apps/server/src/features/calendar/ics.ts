import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** What one VEVENT needs of a room (docs/api/README.md#calendar). */
export type CalendarRoom = {
  id: string;
  name: string;
  venue: string;
  description: string;
  /** The start instant: PostgreSQL computes it from the room's wall-clock date, time and IANA zone. */
  startsAt: Date;
  createdAt: Date;
  updatedAt: Date;
  /** `rooms.schedule_seq`: grows with every change of date, time, time zone or venue. */
  scheduleSeq: number;
  isClosed: boolean;
  /** The date is to be decided: no entry at all until it is fixed (docs/api/README.md#date-and-venue-tbd). */
  dateTbd?: boolean;
  /** The venue is to be decided: the entry has no LOCATION. */
  venueTbd?: boolean;
};

/** A room has no end time; calendar apps need one. Two hours is what a dinner or a film takes (decision 007). */
export const EVENT_DURATION_MS = 2 * 3_600_000;

/**
 * RFC 5545 TEXT (§3.3.11) holds no control character (CONTROL, §3.1: U+0000–U+0008, U+000A–U+001F, U+007F) but as
 * the escaped `\n` ical-generator writes for a line break, and strict parsers refuse a whole feed for one raw VT, FF,
 * ESC, BEL or DEL (issue 32). Rooms stored before the contract refused them may hold any, so every text property is
 * cleaned here: each run of control characters (HTAB and the C1 controls too) becomes one space. A one-line text (a
 * name, a venue, the calendar's name) loses its line breaks the same way; a description keeps them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]+/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

function icsText(text: string, lines: 'one' | 'many'): string {
  const clean = lines === 'one' ? text.replace(CONTROL, ' ') : text.replace(CONTROL_BUT_LINE_BREAKS, ' ');
  return clean.trim();
}

/** The room's page, the one link every client opens. */
export const roomLink = (publicUrl: string, roomId: string) => `${publicUrl}/room/${roomId}`;

/**
 * An RFC 5545 calendar with one VEVENT per room.
 *
 * - UID is `<room id>@<host of PUBLIC_URL>`: the same for the room for ever, so that a re-import or a feed refresh
 *   updates the entry instead of adding a second one.
 * - DTSTART/DTEND are UTC instants (`...Z`) taken from `rooms.starts_at`: PostgreSQL applies the zone's rules
 *   (daylight saving included), and a UTC time needs no VTIMEZONE for a client to place it right.
 * - SEQUENCE is `schedule_seq`, plus one once the room is closed: a cancellation is a revision too (RFC 5545
 *   §3.8.7.4), and a client that already holds the event keeps the copy with the higher number.
 * - A room whose date is to be decided has no VEVENT (its date is a placeholder); one whose venue is to be decided
 *   has no LOCATION (docs/api/README.md#date-and-venue-tbd).
 */
export function roomsCalendar(
  rooms: readonly CalendarRoom[],
  opts: { publicUrl: string; name?: string; ttlSeconds?: number },
): string {
  const host = new URL(opts.publicUrl).host;
  const calendar = ical({
    prodId: { company: 'Outing', product: 'Outing', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(opts.name ? { name: icsText(opts.name, 'one') } : {}),
    ...(opts.ttlSeconds ? { ttl: opts.ttlSeconds } : {}),
  });
  for (const room of rooms) {
    if (room.dateTbd) continue;
    const link = roomLink(opts.publicUrl, room.id);
    const description = icsText(room.description, 'many');
    calendar.createEvent({
      id: `${room.id}@${host}`,
      sequence: room.scheduleSeq + (room.isClosed ? 1 : 0),
      start: room.startsAt,
      end: new Date(room.startsAt.getTime() + EVENT_DURATION_MS),
      summary: icsText(room.name, 'one'),
      ...(room.venueTbd ? {} : { location: icsText(room.venue, 'one') }),
      description: description ? `${description}\n\n${link}` : link,
      url: link,
      status: room.isClosed ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      created: room.createdAt,
      lastModified: room.updatedAt,
      // Without METHOD:REQUEST this is when the entry was last revised (RFC 5545 §3.8.7.2), so a refresh that
      // changed nothing answers the same bytes.
      stamp: room.updatedAt,
    });
  }
  // Every content line ends in CRLF, the last one too (RFC 5545 §3.1); ical-generator leaves the last one bare.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** `<name>.ics` as a Content-Disposition value: an ASCII fallback, and the real name per RFC 6266 / 8187. */
export function icsDisposition(name: string): string {
  const base = name.trim() || 'outing';
  const ascii =
    base
      .replace(/[^A-Za-z0-9 ._-]+/g, '_')
      .replace(/_+/g, '_')
      .slice(0, 60) || 'outing';
  // encodeURIComponent leaves ' ( ) * as they are, which RFC 8187 does not allow in a value.
  const utf8 = encodeURIComponent(`${base}.ics`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.ics"; filename*=UTF-8''${utf8}`;
}
