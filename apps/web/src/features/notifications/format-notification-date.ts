import { dateTimeFormat, fullDateTime, relativeTimeFormat } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, for the last week ("Just now", "5 minutes ago", "yesterday"); a date beyond ("3 Mar", or
 * "3 Mar 2024" in another year), in the interface's locale.
 */
export function formatNotificationDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ago = now.getTime() - date.getTime();
  const relative = relativeTimeFormat({ numeric: 'auto' });
  if (ago < MINUTE) return t('notifications.justNow');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat({ day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    date,
  );
}

/** The exact moment, for a tooltip. */
export function formatFullDate(iso: string): string {
  return dateTimeFormat(fullDateTime()).format(new Date(iso));
}
