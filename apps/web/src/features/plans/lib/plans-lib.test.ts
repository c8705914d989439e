import { describe, expect, it } from 'vitest';
import { calendarFileName } from '../api/download-calendar';
import { hasErrors, validateOptions } from '../components/date-poll-validation';
import { waitlistPlace } from '../components/guest-tabs';
import { nextNudgeAt } from '../components/nudge';
import { hasStarted } from './plan-dates';

const NOW = new Date(2026, 10, 25, 12, 0);

describe('date poll options', () => {
  it('need a date from today on and a time, each a different moment', () => {
    const errors = validateOptions(
      [
        { date: '', time: '19:00' },
        { date: '2026-11-24', time: '19:00' },
        { date: '2026-11-25', time: '' },
        { date: '2026-11-30', time: '19:00' },
        { date: '2026-11-30', time: '19:00' },
        { date: '2026-11-30', time: '20:00' },
      ],
      NOW,
    );
    expect(errors).toEqual([
      { date: 'Pick a date' },
      { date: 'Date must be in the future' },
      { time: 'Pick a time' },
      {},
      { time: 'This date and time is already proposed' },
      {},
    ]);
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(validateOptions([{ date: '2026-11-25', time: '08:00' }], NOW))).toBe(false);
  });
});

describe('nudges', () => {
  it('may be sent again a day after the last one', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(nextNudgeAt({ nudgedAt: null }, now)).toBeNull();
    expect(nextNudgeAt({ nudgedAt: '2026-11-25T10:00:00Z' }, now)).toBe(Date.parse('2026-11-26T10:00:00Z'));
    expect(nextNudgeAt({ nudgedAt: '2026-11-24T11:00:00Z' }, now)).toBeNull();
  });
});

describe('plan helpers', () => {
  it('an outing has started once its instant has passed', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(hasStarted({ startsAt: '2026-11-25T11:59:00.000Z' }, now)).toBe(true);
    expect(hasStarted({ startsAt: '2026-11-25T12:01:00.000Z' }, now)).toBe(false);
  });

  it('the waitlist place counts from 1 in the server’s order', () => {
    const guest = (id: number, rsvp: 'going' | 'waitlisted') => ({
      user: { id, username: `u${id}`, email: '', pictureUrl: '' },
      rsvp,
      isMember: true,
      answeredAt: null,
      nudgedAt: null,
    });
    const guests = [guest(1, 'going'), guest(2, 'waitlisted'), guest(3, 'waitlisted')];
    expect(waitlistPlace(guests, 3)).toBe(2);
    expect(waitlistPlace(guests, 1)).toBeUndefined();
    expect(waitlistPlace(undefined, 3)).toBeUndefined();
  });

  it('calendar files are named after the room, without characters file systems refuse', () => {
    expect(calendarFileName('Tapas: "night" / 2')).toBe('Tapas night 2.ics');
    expect(calendarFileName('  ')).toBe('outing.ics');
  });
});
