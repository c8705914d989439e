/**
 * How notifications and link cards name a room's day and time: en-GB style, "Sat 6 Dec" and "Sat 6 Dec 19:30"
 * (24-hour), the same words wherever the server runs.
 */

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayYearFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Sat 6 Dec" (or "Sat 6 Dec 2026") of a wall-clock calendar day `YYYY-MM-DD`, as it is written. */
export function dayLabel(date: string, opts: { year?: boolean } = {}): string {
  const format = opts.year ? dayYearFormat : dayFormat;
  return format.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)).replace(/,/g, '');
}

/** "Sat 6 Dec 19:30": an instant as the clock reads in `timeZone`. */
export function instantLabel(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.hour}:${parts.minute}`;
}
