// A room's start as its viewer reads it. `startsAt` is the instant (docs/api/README.md#plans); it is shown in the
// viewer's locale (the interface's) and time zone, and, when the room's own zone puts it at another hour, in the
// room's zone too: someone in Singapore looking at a London outing sees both.
import { dateTimeFormat, timeOptions } from '@/lib/i18n/format';
import { getLanguage, t } from '@/lib/i18n/i18n';

/** The viewer's IANA time zone. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function format(startsAt: string, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  try {
    return dateTimeFormat(timeZone ? { ...options, timeZone } : options).format(new Date(startsAt));
  } catch {
    // A zone this browser does not know: the viewer's own.
    return dateTimeFormat(options).format(new Date(startsAt));
  }
}

const dateOptions: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/** "Sat 6 Dec" (with the year when it is not this year's). */
export function formatStartDate(startsAt: string, timeZone?: string, now = new Date()): string {
  const sameYear = new Date(startsAt).getUTCFullYear() === now.getUTCFullYear();
  return format(startsAt, sameYear ? dateOptions : { ...dateOptions, year: 'numeric' }, timeZone);
}

/** "19:30" (or "7:30 pm", as the locale writes it). */
export function formatStartTime(startsAt: string, timeZone?: string): string {
  return format(startsAt, timeOptions(), timeZone);
}

/** "Sat 6 Dec · 19:30" in the viewer's zone. */
export function formatStart(startsAt: string, now = new Date()): string {
  return `${formatStartDate(startsAt, undefined, now)} · ${formatStartTime(startsAt)}`;
}

/**
 * "Europe/Paris" → "Paris time" in English (the zone's city). Other languages take the zone's generic name that
 * Intl writes in them ("法国时间"), since the city of the zone's id is English.
 */
export function zoneLabel(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
  if (getLanguage() !== 'en') {
    try {
      const name = dateTimeFormat({ timeZone, timeZoneName: 'shortGeneric' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value;
      // A bare offset ("GMT+8") says less than the city.
      if (name && !/^(GMT|UTC)/.test(name)) return name;
    } catch {
      // A zone this browser does not know: the city.
    }
  }
  return t('preview.zoneTime', { city });
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
