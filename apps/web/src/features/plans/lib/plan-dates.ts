import type { DateOption, Room } from '@outing/contract';

/** The outing has started (its instant, api-contract §10.4): no more joining or answering. */
export function hasStarted(room: Pick<Room, 'startsAt'>, now = Date.now()): boolean {
  const start = Date.parse(room.startsAt);
  return Number.isFinite(start) && start <= now;
}

// An option's `date` is its day at 00:00 UTC and `time` the wall clock in the room's zone (as a room's own): the
// day is read in UTC so it never shifts, and shown in the viewer's locale.
const optionDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Sat, 6 Dec · 19:30" in the viewer's locale. */
export function formatOption(option: Pick<DateOption, 'date' | 'time'>): string {
  return `${optionDay.format(new Date(option.date))} · ${option.time}`;
}

const clockTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** When the host may nudge again, e.g. "Thu 15:30" in the viewer's locale and zone. */
export function formatWhen(iso: string | number): string {
  return clockTime.format(new Date(iso));
}
