import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** What one VEVENT needs of a room (api-contract §10.4). */
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
};

/** A room has no end time; calendar apps need one. Two hours is what a dinner or a film takes (decision 007). */
export const EVENT_DURATION_MS = 2 * 3_600_000;

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
 */
export function roomsCalendar(
  rooms: readonly CalendarRoom[],
  opts: { publicUrl: string; name?: string; ttlSeconds?: number },
): string {
  const host = new URL(opts.publicUrl).host;
  const calendar = ical({
    prodId: { company: 'Outing', product: 'Outing', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.ttlSeconds ? { ttl: opts.ttlSeconds } : {}),
  });
  for (const room of rooms) {
    const link = roomLink(opts.publicUrl, room.id);
    calendar.createEvent({
      id: `${room.id}@${host}`,
      sequence: room.scheduleSeq + (room.isClosed ? 1 : 0),
      start: room.startsAt,
      end: new Date(room.startsAt.getTime() + EVENT_DURATION_MS),
      summary: room.name,
      location: room.venue,
      description: room.description ? `${room.description}\n\n${link}` : link,
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
