import { describe, expect, it } from 'vitest';
import { formatWhen, moveText } from './moves.js';

describe('move notices', () => {
  it('formats a time in the room’s zone, en-GB, 24-hour', () => {
    expect(formatWhen(new Date('2025-12-06T19:30:00Z'), 'UTC')).toBe('Sat 6 Dec 19:30');
    expect(formatWhen(new Date('2025-12-06T19:30:00Z'), 'Asia/Singapore')).toBe('Sun 7 Dec 03:30');
    expect(formatWhen(new Date('2025-12-06T00:05:00Z'), 'Europe/London')).toBe('Sat 6 Dec 00:05');
  });

  it('says what moved: the time, the place, or both', () => {
    const before = { startsAt: new Date('2025-12-06T18:30:00Z'), venue: 'Luigi’s' };
    const later = { startsAt: new Date('2025-12-07T17:00:00Z'), venue: 'Luigi’s' };
    expect(moveText('Dinner', before, later, 'Europe/Paris')).toBe(
      'Dinner moved from Sat 6 Dec 19:30 to Sun 7 Dec 18:00.',
    );
    expect(moveText('Dinner', before, { ...before, venue: 'Harbour Hall' }, 'Europe/Paris')).toBe(
      'Dinner moved to Harbour Hall.',
    );
    expect(moveText('Dinner', before, { ...later, venue: 'Harbour Hall' }, 'Europe/Paris')).toBe(
      'Dinner moved from Sat 6 Dec 19:30 to Sun 7 Dec 18:00, at Harbour Hall.',
    );
  });

  it('nothing moved: no notice (a new zone that keeps the instant is no move)', () => {
    const s = { startsAt: new Date('2025-12-06T18:30:00Z'), venue: 'Luigi’s' };
    expect(moveText('Dinner', s, { ...s }, 'Europe/Paris')).toBeNull();
    expect(moveText('Dinner', s, { ...s }, 'Asia/Tokyo')).toBeNull();
  });

  it('a date or venue to be decided again says so, never where its placeholder is (issue 37)', () => {
    const fixed = { startsAt: new Date('2025-12-06T18:30:00Z'), venue: 'Luigi’s' };
    const later = { startsAt: new Date('2025-12-13T18:00:00Z'), venue: 'To be decided' };
    expect(moveText('Dinner', fixed, { ...fixed, dateTbd: true }, 'Europe/Paris')).toBe(
      'Dinner: the date is to be decided again.',
    );
    expect(
      moveText('Dinner', fixed, { ...fixed, venue: 'Harbour Hall', dateTbd: true }, 'Europe/Paris'),
    ).toBe('Dinner: the date is to be decided again, at Harbour Hall.');
    expect(
      moveText('Dinner', fixed, { ...fixed, venue: 'To be decided', venueTbd: true }, 'Europe/Paris'),
    ).toBe('Dinner: the venue is to be decided again.');
    expect(moveText('Dinner', fixed, { ...later, venueTbd: true }, 'Europe/Paris')).toBe(
      'Dinner moved from Sat 6 Dec 19:30 to Sat 13 Dec 19:00; the venue is to be decided again.',
    );
    expect(moveText('Dinner', fixed, { ...later, dateTbd: true, venueTbd: true }, 'Europe/Paris')).toBe(
      'Dinner: the date and the venue are to be decided again.',
    );
    // Still to be decided: nothing to tell, whatever the placeholder; a venue set from one is where it moved.
    const open = { ...later, dateTbd: true, venueTbd: true };
    expect(moveText('Dinner', open, { ...open, startsAt: fixed.startsAt }, 'Europe/Paris')).toBeNull();
    expect(
      moveText('Dinner', open, { ...open, venue: 'Harbour Hall', venueTbd: false }, 'Europe/Paris'),
    ).toBe('Dinner moved to Harbour Hall.');
  });
});
