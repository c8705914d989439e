import type { DateOption, Room } from '@outing/contract';
import { dateTimeFormat, formatClockTime, timeOptions } from '@/lib/i18n/format';

/**
 * The outing has started (its instant, docs/api/README.md#plans): no more joining or answering. A date to be decided
 * has not, whatever its placeholder (docs/api/README.md#date-and-venue-tbd).
 */
export function hasStarted(room: Pick<Room, 'startsAt' | 'dateTbd'>, now = Date.now()): boolean {
  if (room.dateTbd) return false;
  const start = Date.parse(room.startsAt);
  return Number.isFinite(start) && start <= now;
}

// An option's `date` is its day at 00:00 UTC and `time` the wall clock in the room's zone (as a room's own): the
// day is read in UTC so it never shifts, and shown in the interface's locale (i18n/format.ts).

/** "Sat 6 Dec · 19:30" (en-GB), "12月6日周六 · 19:30" (zh-CN). */
export function formatOption(option: Pick<DateOption, 'date' | 'time'>): string {
  const day = dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${day.format(new Date(option.date))} · ${formatClockTime(option.time)}`;
}

/** When the host may nudge again, e.g. "Thu 15:30" (en-GB), "周四 15:30" (zh-CN), in the viewer's zone. */
export function formatWhen(iso: string | number): string {
  return dateTimeFormat({ weekday: 'short', ...timeOptions() }).format(new Date(iso));
}
