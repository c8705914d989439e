import { describe, expect, it } from 'vitest';
import { formatStartDate, formatStartTime, roomZoneStart, zoneLabel } from '@/entities/room/start-time';

const now = new Date('2026-11-25T12:00:00Z');

describe('start time', () => {
  it('reads the instant in the zone asked for', () => {
    expect(formatStartTime('2026-12-06T19:30:00.000Z', 'UTC')).toMatch(/19:30|7:30/);
    expect(formatStartTime('2026-12-06T19:30:00.000Z', 'Asia/Singapore')).toMatch(/03:30|3:30/);
    // Past midnight in Singapore: the next day.
    expect(formatStartDate('2026-12-06T19:30:00.000Z', 'Asia/Singapore', now)).toMatch(/7/);
  });

  it('adds the year only when it is not this year', () => {
    expect(formatStartDate('2026-12-06T19:30:00.000Z', 'UTC', now)).not.toMatch(/2026/);
    expect(formatStartDate('2027-01-06T19:30:00.000Z', 'UTC', now)).toMatch(/2027/);
  });

  it('names the room’s zone only when the start reads differently there', () => {
    expect(roomZoneStart('2026-12-06T19:30:00.000Z', 'UTC', 'UTC', now)).toBeNull();
    // London is on UTC in December: same reading, nothing to add.
    expect(roomZoneStart('2026-12-06T19:30:00.000Z', 'Europe/London', 'UTC', now)).toBeNull();
    expect(roomZoneStart('2026-07-06T19:30:00.000Z', 'Europe/London', 'UTC', now)).toMatch(/London time$/);
    expect(roomZoneStart('2026-12-06T19:30:00.000Z', 'America/New_York', 'UTC', now)).toMatch(
      /(14:30|2:30).*New York time$/,
    );
  });

  it('labels zones by their city', () => {
    expect(zoneLabel('Europe/Paris')).toBe('Paris time');
    expect(zoneLabel('America/Los_Angeles')).toBe('Los Angeles time');
    expect(zoneLabel('UTC')).toBe('UTC');
  });

  it('falls back to the viewer’s zone for a zone the browser does not know', () => {
    expect(() => formatStartTime('2026-12-06T19:30:00.000Z', 'Mars/Olympus')).not.toThrow();
  });
});
