/**
 * Orders two strings by their UTF-16 code units: for ISO dates and timestamps, the order of time. Not
 * `localeCompare`, which loads the engine's collation data on first use (tens of milliseconds on a phone) for an
 * order that digits do not need.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
