import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  EVENT_DURATION_MS,
  eventDetails,
  googleCalendarUrl,
  isGooglePlaceId,
  outlookCalendarUrl,
  type CalendarRoom,
} from './calendar-links';

// A Singapore dinner at 19:30 local: the server's startsAt is that instant in UTC (docs/api/README.md#plans).
const room = (overrides: Partial<CalendarRoom> = {}): CalendarRoom => ({
  name: 'Crab dinner',
  startsAt: '2026-12-05T11:30:00.000Z',
  venue: 'Jumbo Seafood, East Coast',
  description: 'Bring cash.',
  url: 'https://outing.example/room/11111111-2222-4333-8444-555555555555',
  ...overrides,
});

const params = (url: string) => new URL(url).searchParams;

describe('Google Calendar link', () => {
  it('opens the event template with the title, UTC start and end two hours later, details and location', () => {
    const url = googleCalendarUrl(room())!;
    expect(url.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&')).toBe(true);
    expect(Object.fromEntries(params(url))).toEqual({
      action: 'TEMPLATE',
      text: 'Crab dinner',
      dates: '20261205T113000Z/20261205T133000Z',
      details: 'Bring cash.\n\nhttps://outing.example/room/11111111-2222-4333-8444-555555555555',
      location: 'Jumbo Seafood, East Coast',
    });
    // The dates as Google documents them: basic format, a literal slash.
    expect(url).toContain('&dates=20261205T113000Z/20261205T133000Z&');
  });

  it('converts a start written with an offset to UTC, and runs past midnight into the next day', () => {
    const url = googleCalendarUrl(room({ startsAt: '2026-12-31T23:30:00+08:00' }))!;
    expect(params(url).get('dates')).toBe('20261231T153000Z/20261231T173000Z');
    const late = googleCalendarUrl(room({ startsAt: '2026-12-31T23:15:00Z' }))!;
    expect(params(late).get('dates')).toBe('20261231T231500Z/20270101T011500Z');
  });

  it('percent-encodes every special character, spaces as %20, and keeps non-Latin text', () => {
    const name = 'Fish & Chips = 100% fun? #1 / a+b 螃蟹 🦀';
    const url = googleCalendarUrl(
      room({ name, venue: 'Café "Zoë", 5 Rue d’Été', description: 'Line 1\nLine 2' }),
    )!;
    expect(params(url).get('text')).toBe(name);
    expect(params(url).get('location')).toBe('Café "Zoë", 5 Rue d’Été');
    expect(params(url).get('details')).toMatch(/^Line 1\nLine 2\n\nhttps:/);
    // Nothing of the values leaks into the query's own syntax: no raw &, =, #, + or space.
    const text = url.split('&text=')[1]!.split('&')[0]!;
    expect(text).toBe(
      'Fish%20%26%20Chips%20%3D%20100%25%20fun%3F%20%231%20%2F%20a%2Bb%20%E8%9E%83%E8%9F%B9%20%F0%9F%A6%80',
    );
    expect(url).not.toMatch(/[ #]/);
  });

  it('gives the link alone as details when there is no description', () => {
    expect(eventDetails(room({ description: '  \n ' }))).toBe(room().url);
  });

  it('survives text a URL cannot carry as it is (a lone surrogate)', () => {
    const url = googleCalendarUrl(room({ name: 'Half \uD83E emoji' }))!;
    expect(params(url).get('text')).toBe('Half \uFFFD emoji');
  });

  it('is not offered without a date: to be decided, or unreadable', () => {
    expect(googleCalendarUrl(room({ dateTbd: true }))).toBeNull();
    expect(googleCalendarUrl(room({ startsAt: 'not a date' }))).toBeNull();
  });

  it('leaves the location empty while the venue is to be decided', () => {
    expect(params(googleCalendarUrl(room({ venueTbd: true }))!).get('location')).toBe('');
  });
});

describe('Outlook link', () => {
  it('opens the compose form with subject, ISO UTC start and end, body and location', () => {
    const url = outlookCalendarUrl(room())!;
    expect(url.startsWith('https://outlook.live.com/calendar/0/action/compose?rru=addevent&')).toBe(true);
    expect(Object.fromEntries(params(url))).toEqual({
      rru: 'addevent',
      subject: 'Crab dinner',
      startdt: '2026-12-05T11:30:00Z',
      enddt: '2026-12-05T13:30:00Z',
      body: 'Bring cash.\n\nhttps://outing.example/room/11111111-2222-4333-8444-555555555555',
      location: 'Jumbo Seafood, East Coast',
    });
  });

  it('lasts as long as the .ics entry, in UTC whatever the offset the start was written with', () => {
    const url = outlookCalendarUrl(room({ startsAt: '2027-03-28T19:30:00+01:00' }))!;
    const start = Date.parse(params(url).get('startdt')!);
    const end = Date.parse(params(url).get('enddt')!);
    expect(params(url).get('startdt')).toBe('2027-03-28T18:30:00Z');
    expect(end - start).toBe(EVENT_DURATION_MS);
    expect(EVENT_DURATION_MS).toBe(2 * 60 * 60 * 1000);
  });

  it('percent-encodes special characters as %20-style escapes, never +', () => {
    const url = outlookCalendarUrl(room({ name: 'A & B + C', description: '100% sure?' }))!;
    expect(url).toContain('&subject=A%20%26%20B%20%2B%20C&');
    expect(params(url).get('body')).toMatch(/^100% sure\?\n\n/);
  });

  it('is not offered without a date', () => {
    expect(outlookCalendarUrl(room({ dateTbd: true }))).toBeNull();
  });
});

describe('Directions link', () => {
  const GOOGLE_ID = 'ChIJdd4hrwug2EcRmSrV3Vo6llI';

  it('asks Google Maps for directions to the venue, with its place id when it is a Google one', () => {
    const url = directionsUrl({ venue: 'Hyde Park', venuePlaceId: GOOGLE_ID })!;
    expect(url).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=Hyde%20Park&destination_place_id=${GOOGLE_ID}`,
    );
  });

  it('uses the venue text alone for the local and OpenStreetMap providers’ ids', () => {
    for (const venuePlaceId of ['local:hyde-park', 'osm:way:12345', 'mock:hyde-park', '']) {
      const url = directionsUrl({ venue: 'Marina Bay Sands, Singapore', venuePlaceId })!;
      expect(url).toBe(
        'https://www.google.com/maps/dir/?api=1&destination=Marina%20Bay%20Sands%2C%20Singapore',
      );
    }
  });

  it('encodes the venue text', () => {
    const url = directionsUrl({ venue: 'Tom & Jerry’s #2 / 牛车水', venuePlaceId: 'local:x' })!;
    expect(params(url).get('destination')).toBe('Tom & Jerry’s #2 / 牛车水');
  });

  it('is not offered without a venue, or while it is to be decided', () => {
    expect(directionsUrl({ venue: '  ', venuePlaceId: GOOGLE_ID })).toBeNull();
    expect(directionsUrl({ venue: 'To be decided', venuePlaceId: 'local:tbd', venueTbd: true })).toBeNull();
  });

  it('tells a Google place id from the other providers’ ids', () => {
    expect(isGooglePlaceId(GOOGLE_ID)).toBe(true);
    expect(isGooglePlaceId('local:hyde-park')).toBe(false);
    expect(isGooglePlaceId('osm:node:42')).toBe(false);
    expect(isGooglePlaceId('short')).toBe(false);
  });
});
