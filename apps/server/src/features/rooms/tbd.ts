/**
 * A date or venue "to be decided" (issue 37 item 1, docs/api/README.md#date-and-venue-tbd). The room's `date`, `time`
 * and `venue` then hold these placeholders, so that a client that knows nothing of the flags still shows a room.
 */

export const TBD_TIME = '19:00';
export const TBD_VENUE = 'To be decided';
/** The stored place id of a venue to be decided (`venue_place_id` is never empty); its `venueUrl` is "". */
export const TBD_PLACE_ID = 'local:to-be-decided';
/** How far ahead the placeholder date lies. */
export const TBD_DAYS_AHEAD = 7;

/** The calendar day `TBD_DAYS_AHEAD` days after today in `timeZone` (`YYYY-MM-DD`). */
export function placeholderDate(timeZone: string, now = new Date()): string {
  // en-CA writes a date as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + TBD_DAYS_AHEAD);
  return day.toISOString().slice(0, 10);
}

type Given = { date?: string; time?: string; venue?: string; placeId?: string };
type Current = {
  date: string;
  time: string;
  venue: string;
  placeId: string;
  dateTbd: boolean;
  venueTbd: boolean;
};

/**
 * Whether an edit leaves the date / the venue to be decided. `dateTbd: true` makes it so (the date and time stay as
 * they are, a placeholder); `false` fixes it; left out, a room to be decided stays so unless the edit names another
 * date or time than its placeholder (a client that knows nothing of the flag sends the placeholder back unchanged).
 * Likewise for the venue.
 */
export function editTbd(
  body: Given & { dateTbd?: boolean; venueTbd?: boolean },
  room: Current,
): { dateTbd: boolean; venueTbd: boolean } {
  const dateTbd = body.dateTbd ?? (room.dateTbd && body.date === room.date && body.time === room.time);
  const venueTbd =
    body.venueTbd ?? (room.venueTbd && body.venue === room.venue && body.placeId === room.placeId);
  return { dateTbd, venueTbd };
}
