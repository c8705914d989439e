import type { Room } from '@outing/contract';

// Links that open a calendar's own "new event" page, filled in with the room, and Google Maps' directions to its
// venue (issue 37 item 2). Pure: the room in, a URL out.

/**
 * A room has no end time; the entry lasts two hours, as in the room's .ics (docs/decisions/007-icalendar.md, "Two
 * hours long"), so that every calendar entry of the room blocks the same evening.
 */
export const EVENT_DURATION_MS = 2 * 3_600_000;

/**
 * What a calendar entry is made of. `dateTbd` and `venueTbd` are the "to be decided" flags of issue 37 item 1: a
 * date to be decided has no calendar entry, a venue to be decided no directions.
 */
export type CalendarRoom = Pick<Room, 'name' | 'startsAt' | 'venue' | 'description' | 'url'> & {
  dateTbd?: boolean;
  venueTbd?: boolean;
};

export type VenueRoom = Pick<Room, 'venue' | 'venuePlaceId'> & { venueTbd?: boolean };

// A lone UTF-16 surrogate makes encodeURIComponent throw; it is shown as U+FFFD instead, as URLSearchParams does.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A query value, percent-encoded in UTF-8: a space is `%20` (a `+` is not read as a space by every provider). */
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

const query = (params: [string, string][]) => params.map(([key, value]) => `${key}=${value}`).join('&');

/** The entry's start and end instants, or null when the room has no date yet or its start is unreadable. */
export function eventTimes(
  room: Pick<CalendarRoom, 'startsAt' | 'dateTbd'>,
): { start: Date; end: Date } | null {
  if (room.dateTbd) return null;
  const start = Date.parse(room.startsAt);
  if (!Number.isFinite(start)) return null;
  return { start: new Date(start), end: new Date(start + EVENT_DURATION_MS) };
}

/** The entry's text, as the .ics has it: the room's description, a blank line, then the room's link. */
export function eventDetails(room: Pick<CalendarRoom, 'description' | 'url'>): string {
  const description = room.description.trim();
  return description ? `${description}\n\n${room.url}` : room.url;
}

/** `2026-12-05T11:30:00Z`: the instant in UTC, to the second. */
const isoUtc = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `20261205T113000Z`: the same in the basic format Google Calendar reads. */
const basicUtc = (date: Date) => isoUtc(date).replace(/[-:]/g, '');

/**
 * Google Calendar's event template: `calendar/render?action=TEMPLATE` with the title (`text`), the start and end in
 * UTC (`dates=YYYYMMDDTHHMMSSZ/YYYYMMDDTHHMMSSZ`), `details` and `location`. Null when the room has no date yet.
 */
export function googleCalendarUrl(room: CalendarRoom): string | null {
  const times = eventTimes(room);
  if (!times) return null;
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', encode(room.name)],
    ['dates', `${basicUtc(times.start)}/${basicUtc(times.end)}`],
    ['details', encode(eventDetails(room))],
    ['location', encode(room.venueTbd ? '' : room.venue.trim())],
  ])}`;
}

/**
 * Outlook on the web's new-event form (outlook.live.com, personal Microsoft accounts): `calendar/0/action/compose`
 * with `rru=addevent`, `subject`, `startdt` and `enddt` as ISO 8601 UTC, `body` and `location`. Null when the room
 * has no date yet.
 */
export function outlookCalendarUrl(room: CalendarRoom): string | null {
  const times = eventTimes(room);
  if (!times) return null;
  return `https://outlook.live.com/calendar/0/action/compose?${query([
    ['rru', 'addevent'],
    ['subject', encode(room.name)],
    ['startdt', encode(isoUtc(times.start))],
    ['enddt', encode(isoUtc(times.end))],
    ['body', encode(eventDetails(room))],
    ['location', encode(room.venueTbd ? '' : room.venue.trim())],
  ])}`;
}

/**
 * A Google place id, as the venue search's `google` provider gives it; the `local` and `osm` providers' ids
 * (`local:<slug>`, `osm:<type>:<id>`, docs/api/README.md#venues) and anything else are not.
 */
export const isGooglePlaceId = (placeId: string) => /^[A-Za-z0-9_-]{10,300}$/.test(placeId);

/**
 * Google Maps' directions to the venue (Maps URLs, `maps/dir/?api=1`): `destination` is the venue's text, and a
 * Google place id, when the venue has one, goes in `destination_place_id` (which needs `destination` beside it).
 * Null when there is no venue.
 */
export function directionsUrl(room: VenueRoom): string | null {
  const venue = room.venue.trim();
  if (!venue || room.venueTbd) return null;
  const params: [string, string][] = [
    ['api', '1'],
    ['destination', encode(venue)],
  ];
  if (isGooglePlaceId(room.venuePlaceId)) params.push(['destination_place_id', encode(room.venuePlaceId)]);
  return `https://www.google.com/maps/dir/?${query(params)}`;
}
