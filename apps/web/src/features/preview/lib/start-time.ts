// A room's start as its viewer reads it. `startsAt` is the instant (api-contract §10.4); it is shown in the
// viewer's locale and time zone, and, when the room's own zone puts it at another hour, in the room's zone too:
// someone in Singapore looking at a London outing sees both.

/** The viewer's IANA time zone. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function format(startsAt: string, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(startsAt));
  } catch {
    // A zone this browser does not know: the viewer's own.
    return new Intl.DateTimeFormat(undefined, options).format(new Date(startsAt));
  }
}

const dateOptions: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const timeOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** "Sat 6 Dec" (with the year when it is not this year's). */
export function formatStartDate(startsAt: string, timeZone?: string, now = new Date()): string {
  const sameYear = new Date(startsAt).getUTCFullYear() === now.getUTCFullYear();
  return format(startsAt, sameYear ? dateOptions : { ...dateOptions, year: 'numeric' }, timeZone);
}

/** "19:30" (or "7:30 pm", as the locale writes it). */
export function formatStartTime(startsAt: string, timeZone?: string): string {
  return format(startsAt, timeOptions, timeZone);
}

/** "Sat 6 Dec · 19:30" in the viewer's zone. */
export function formatStart(startsAt: string, now = new Date()): string {
  return `${formatStartDate(startsAt, undefined, now)} · ${formatStartTime(startsAt)}`;
}

/** "Europe/Paris" → "Paris time". */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 'UTC' : `${city} time`;
}

/**
 * The start in the room's zone ("Sat 6 Dec · 19:30 Paris time"), or null when it reads the same as in the
 * viewer's zone (same zone, or one with the same offset at that moment).
 */
export function roomZoneStart(
  startsAt: string,
  roomTimeZone: string,
  viewerZone = viewerTimeZone(),
  now = new Date(),
): string | null {
  if (!roomTimeZone || roomTimeZone === viewerZone) return null;
  const inRoom = `${formatStartDate(startsAt, roomTimeZone, now)} · ${formatStartTime(startsAt, roomTimeZone)}`;
  const inViewer = `${formatStartDate(startsAt, viewerZone, now)} · ${formatStartTime(startsAt, viewerZone)}`;
  return inRoom === inViewer ? null : `${inRoom} ${zoneLabel(roomTimeZone)}`;
}

/** The machine-readable start for a `<time dateTime>`. */
export function startDateTime(startsAt: string): string {
  return new Date(startsAt).toISOString();
}
