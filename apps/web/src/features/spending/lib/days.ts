import { dateTimeFormat } from '@/lib/i18n/format';

// The days of the Spending view's day chart: `YYYY-MM-DD` as the server writes a bill's day in the room's time zone
// (docs/api/README.md#statistics). A date is a calendar day, not an instant: it is read and written at noon UTC and
// formatted in UTC, so that no time zone of the device moves it.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days without bills are drawn as empty bars between the first and the last day up to this span, else left out. */
export const MAX_FILLED_SPAN = 31;

const atNoon = (date: string): Date => new Date(`${date}T12:00:00Z`);

/** The days from the first to the last with an amount, those without bills at 0 (when the span is short). */
export function dayBars(byDay: { date: string; amount: number }[]): { date: string; amount: number }[] {
  if (byDay.length < 2) return byDay;
  const first = atNoon(byDay[0]!.date).getTime();
  const last = atNoon(byDay.at(-1)!.date).getTime();
  const span = Math.round((last - first) / DAY_MS) + 1;
  if (span > MAX_FILLED_SPAN || span < byDay.length) return byDay;
  const amounts = new Map(byDay.map((d) => [d.date, d.amount]));
  return Array.from({ length: span }, (_, i) => {
    const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    return { date, amount: amounts.get(date) ?? 0 };
  });
}

/** "Mon" / "周一". */
export const weekdayShort = (date: string): string =>
  dateTimeFormat({ weekday: 'short', timeZone: 'UTC' }).format(atNoon(date));

/** "24" / "24日". */
export const dayOfMonth = (date: string): string =>
  dateTimeFormat({ day: 'numeric', timeZone: 'UTC' }).format(atNoon(date));

/** "Mon, 24 Nov 2026" / "2026年11月24日周一": a day in full, for the table. */
export const fullDay = (date: string): string =>
  dateTimeFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(atNoon(date));
