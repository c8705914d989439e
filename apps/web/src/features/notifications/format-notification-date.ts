const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, for the last week ("Just now", "5 minutes ago", "yesterday"); an en-GB date beyond ("3 Mar", or
 * "3 Mar 2024" in another year).
 */
export function formatNotificationDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ago = now.getTime() - date.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return (date.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(date);
}

/** The exact moment, for a tooltip. */
export function formatFullDate(iso: string): string {
  return full.format(new Date(iso));
}
