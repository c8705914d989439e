/**
 * The text of "the outing moved" notifications (issue #20 item 3), pure so that it is tested on its own: times in
 * the room's time zone, en-GB style ("Sat 6 Dec 19:30", 24-hour clock).
 */

import { instantLabel } from '../../lib/room-time.js';

/** `dateTbd`, `venueTbd`: the date or the venue is to be decided (docs/api/README.md#date-and-venue-tbd). */
export type Schedule = { startsAt: Date; venue: string; dateTbd?: boolean; venueTbd?: boolean };

/** "Sat 6 Dec 19:30" in `timeZone`. */
export const formatWhen = instantLabel;

/**
 * What changed for the guests between two schedules, or null if nothing did. Both times are shown in the room's
 * (new) time zone: a change of zone alone that leaves the instant where it was is no move. A date or venue that
 * becomes to be decided again says so, not where its placeholder is; one that stays to be decided does not move.
 */
export function moveText(
  roomName: string,
  before: Schedule,
  after: Schedule,
  timeZone: string,
): string | null {
  const dateUndecided = after.dateTbd === true && before.dateTbd !== true;
  const venueUndecided = after.venueTbd === true && before.venueTbd !== true;
  const moved = !after.dateTbd && before.startsAt.getTime() !== after.startsAt.getTime();
  const venue = !after.venueTbd && before.venue !== after.venue;
  if (dateUndecided && venueUndecided) return `${roomName}: the date and the venue are to be decided again.`;
  if (dateUndecided)
    return `${roomName}: the date is to be decided again${venue ? `, at ${after.venue}` : ''}.`;
  if (venueUndecided) {
    const when = `from ${formatWhen(before.startsAt, timeZone)} to ${formatWhen(after.startsAt, timeZone)}`;
    return moved
      ? `${roomName} moved ${when}; the venue is to be decided again.`
      : `${roomName}: the venue is to be decided again.`;
  }
  if (!moved && !venue) return null;
  const when = `from ${formatWhen(before.startsAt, timeZone)} to ${formatWhen(after.startsAt, timeZone)}`;
  if (moved && venue) return `${roomName} moved ${when}, at ${after.venue}.`;
  if (moved) return `${roomName} moved ${when}.`;
  return `${roomName} moved to ${after.venue}.`;
}
