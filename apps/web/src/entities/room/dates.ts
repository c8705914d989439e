import { dateTimeFormat, timeOptions } from '@/lib/i18n/format';

// A room's `date` is its calendar day at 00:00 UTC (docs/api/README.md#shapes): read its day in UTC, never shifted by the
// time zone. Dates are written in the interface's locale (i18n/format.ts), made when formatting so that a switch of
// language shows at once.

/** "Sat, 28 Nov 2026" (en-GB), "2026年11月28日周六" (zh-CN). */
export function formatRoomDate(iso: string): string {
  return dateTimeFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** "28 Nov 2026" (en-GB), "2026年11月28日" (zh-CN). */
export function formatRoomDateShort(iso: string): string {
  return dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** `YYYY-MM-DD` of the room's day. */
export function roomDay(iso: string): string {
  return iso.slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the user's time zone, `YYYY-MM-DD` (what a date input holds). */
export function todayInputValue(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The date rule of docs/product.md#form-rules: not before today. */
export function isBeforeToday(day: string, now = new Date()): boolean {
  return day < todayInputValue(now);
}

/**
 * Upcoming while the event's day and time (in the user's time zone) are still ahead, else Passed
 * (docs/product.md#states). A room without a readable time counts from the end of its day.
 */
export function isUpcoming(room: { date: string; time: string }, now = new Date()): boolean {
  const [year, month, day] = roomDay(room.date).split('-').map(Number);
  const [hours, minutes] = /^\d{2}:\d{2}$/.test(room.time) ? room.time.split(':').map(Number) : [23, 59];
  const start = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 23, minutes ?? 59);
  return start.getTime() > now.getTime();
}

/** The browser's IANA time zone, sent with a new room (docs/api/README.md#plans); UTC when the browser has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A form's day and time as the user reads them, in the interface's locale: "Sat 6 Dec, 19:30" (en-GB), "Sat, Dec 6,
 * 7:30 PM" (en-US). The wall-clock values are shown as they are, never shifted by a time zone.
 */
export function formatDayAndTime(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = /^\d{2}:\d{2}$/.test(time) ? time.split(':').map(Number) : [NaN, NaN];
  if (!year || !month || !date) return `${day} ${time}`.trim();
  const at = new Date(Date.UTC(year, month - 1, date, hours || 0, minutes || 0));
  const withTime = !Number.isNaN(hours);
  return dateTimeFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withTime ? timeOptions() : {}),
    timeZone: 'UTC',
  }).format(at);
}
