/**
 * The text of "the outing moved" notifications (issue #20 item 3), pure so that it is tested on its own: times in
 * the room's time zone, en-GB style ("Sat 6 Dec 19:30", 24-hour clock).
 */

import { instantLabel } from '../../lib/room-time.js';

export type Schedule = { startsAt: Date; venue: string };

/** "Sat 6 Dec 19:30" in `timeZone`. */
export const formatWhen = instantLabel;

/**
 * What changed for the guests between two schedules, or null if nothing did. Both times are shown in the room's
 * (new) time zone: a change of zone alone that leaves the instant where it was is no move.
 */
export function moveText(
  roomName: string,
  before: Schedule,
  after: Schedule,
  timeZone: string,
): string | null {
  const moved = before.startsAt.getTime() !== after.startsAt.getTime();
  const venue = before.venue !== after.venue;
  if (!moved && !venue) return null;
  const when = `from ${formatWhen(before.startsAt, timeZone)} to ${formatWhen(after.startsAt, timeZone)}`;
  if (moved && venue) return `${roomName} moved ${when}, at ${after.venue}.`;
  if (moved) return `${roomName} moved ${when}.`;
  return `${roomName} moved to ${after.venue}.`;
}
