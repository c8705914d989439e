const PLUS = 43; // '+'
const ZERO = 48; // '0'
const SPACE = 32;
const DOT = 46;

/**
 * `new Date(value).toISOString()` for a `timestamptz` column as the queries here receive it: PostgreSQL's text
 * (`2026-11-24 15:14:53.91656+00`, kept as text by `executePrepared` and drizzle's `execute`). When the session's
 * time zone is UTC (the `+00` suffix: a server set to UTC, as the machines here are), the ISO form is
 * the same digits rearranged, the fraction truncated to milliseconds as `Date` does: ten times cheaper than parsing
 * it (a list of 24 rooms has 48 of them). Anything else (another time zone or DateStyle, a year past 9999, a `Date`)
 * goes through `Date`.
 */
export function isoTimestamp(value: string | Date): string {
  if (typeof value === 'string') {
    const n = value.length;
    // 'YYYY-MM-DD HH:MM:SS+00' (22) or with a fraction of 1–6 digits (24–29).
    if (
      (n === 22 || (n >= 24 && n <= 29 && value.charCodeAt(19) === DOT)) &&
      value.charCodeAt(10) === SPACE &&
      value.charCodeAt(n - 3) === PLUS &&
      value.charCodeAt(n - 2) === ZERO &&
      value.charCodeAt(n - 1) === ZERO &&
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(value)
    ) {
      const ms = n === 22 ? '000' : (value.slice(20, n - 3) + '00').slice(0, 3);
      return `${value.slice(0, 10)}T${value.slice(11, 19)}.${ms}Z`;
    }
  }
  return new Date(value).toISOString();
}
