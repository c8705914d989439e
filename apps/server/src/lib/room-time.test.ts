import { describe, expect, it } from 'vitest';
import { dayLabel, instantLabel } from './room-time.js';

describe('room-time', () => {
  it('names a wall-clock day as written, whatever the server’s zone', () => {
    expect(dayLabel('2026-12-06')).toBe('Sun 6 Dec');
    expect(dayLabel('2026-12-06T00:00:00.000Z', { year: true })).toBe('Sun 6 Dec 2026');
  });

  it('names an instant as the clock reads in the room’s zone, daylight saving included', () => {
    const at = new Date('2027-03-28T17:30:00Z'); // London moved to BST that morning
    expect(instantLabel(at, 'Europe/London')).toBe('Sun 28 Mar 18:30');
    expect(instantLabel(at, 'Asia/Singapore')).toBe('Mon 29 Mar 01:30');
    expect(instantLabel(new Date('2026-12-06T00:05:00Z'), 'UTC')).toBe('Sun 6 Dec 00:05');
  });
});
