import { conflict } from '../../lib/errors.js';
import type { NewNotification } from '../notifications/service.js';
import type { LockedRoom, Tx } from './queries.js';
import { promoteFirstWaitlisted, waitlistRoom } from './queries-rsvp.js';

/**
 * Capacity and waitlist (docs/api/README.md#plans). Every function here runs under `lockRoom` (the room row FOR UPDATE),
 * so the going count it reads cannot change before the transaction commits: concurrent joins are exact.
 */

/** The one text for every way of joining a room whose start lies in the past (issue #20 item 10). */
export const STARTED = 'This outing has already started.';

/** Joining (link, accepted invite, an invitee's going/maybe) needs the room not to have started. */
export function checkNotStarted(room: LockedRoom) {
  if (room.has_started) throw conflict(STARTED, 'ALREADY_STARTED');
}

/** Places left for `going` members; Infinity without a capacity. Lowering the capacity bumps nobody: 0, not less. */
export const placesLeft = (room: Pick<LockedRoom, 'capacity' | 'going_count'>) =>
  room.capacity === null ? Infinity : Math.max(0, room.capacity - room.going_count);

/** The answer a member who wants to go gets: going while there is a place, else the waitlist. */
export const goingOrWaitlisted = (room: LockedRoom): 'going' | 'waitlisted' =>
  placesLeft(room) > 0 ? 'going' : 'waitlisted';

const promotedNotice = (roomId: string, roomName: string, userId: number): NewNotification => ({
  userId,
  kind: 'waitlist_promoted',
  title: 'A place opened up',
  content: `A place opened up: you're going to ${roomName}.`,
  url: `/room/${roomId}`,
  roomId,
  params: { roomName },
});

/**
 * Moves the first waitlisted members (by the time they answered, then id) to going, as many as there are places
 * now, and returns their notifications (to store in the same transaction). Call it after anything that may free
 * a place: a going member leaving or changing their answer, the host raising or removing the capacity.
 */
export async function promoteWaitlisted(tx: Tx, roomId: string): Promise<NewNotification[]> {
  // The counts as of now (this transaction's own changes included): the row is locked, nobody else changes them.
  const room = await waitlistRoom(tx, roomId);
  if (!room || room.waitlist_count === 0) return [];
  const places = placesLeft(room);
  if (places === 0) return [];
  const promoted = await promoteFirstWaitlisted(tx, roomId, places);
  return promoted.map((userId) => promotedNotice(roomId, room.name, userId));
}
