// Intl formatters in the interface's locale (i18n.ts getFormatLocale), made once per locale and options: every date,
// number and relative time the app writes goes through these, so a switch of language changes them all.
import { getFormatLocale, getNumberLocale } from './i18n';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T,
): T {
  const locale = kind === 'nf' ? getNumberLocale() : getFormatLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make(locale);
    cache.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  memo('dt', options, (locale) => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  memo('nf', options, (locale) => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat =>
  memo('rt', options, (locale) => new Intl.RelativeTimeFormat(locale, options));

/**
 * Hours and minutes, one style per locale (issue 37), as the locale writes a short time (Intl's `timeStyle: 'short'`):
 * 24-hour locales with two-digit hours ("09:05", "19:30": en-GB, zh-CN), 12-hour ones without the leading zero
 * ("9:05 AM" en-US, "7:30 pm" en-SG). Every time of day the app shows is written with these options, alone
 * (formatTimeOfDay) or beside a date (`{ weekday: 'short', ...timeOptions() }`).
 */
export function timeOptions(): Intl.DateTimeFormatOptions {
  const twelveHour = dateTimeFormat({ timeStyle: 'short' }).resolvedOptions().hour12 === true;
  return { hour: twelveHour ? 'numeric' : '2-digit', minute: '2-digit' };
}

/** An exact moment, for a tooltip: "Friday 28 November 2025 at 19:30" (en-GB), the time in the same style. */
export const fullDateTime = (): Intl.DateTimeFormatOptions => ({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  ...timeOptions(),
});

/** An instant's time of day in the viewer's zone (or `timeZone`). */
export function formatTimeOfDay(at: Date | number | string, timeZone?: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return dateTimeFormat({ ...timeOptions(), ...(timeZone && { timeZone }) }).format(date);
}

/** A wall-clock "HH:mm" (a room's `time`) in the same style, never shifted by a zone; anything else as it is. */
export function formatClockTime(time: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) return time;
  return formatTimeOfDay(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])), 'UTC');
}
