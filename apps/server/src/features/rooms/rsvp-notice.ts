import type { RsvpStatus } from '@outing/contract';
import { storeNotifications, type NewNotification, type Pending } from '../notifications/service.js';
import type { Tx } from './queries.js';

/** A new answer the host is told of (docs/notifications.md, `rsvp_changed`): not `invited`. */
export type Answer = Exclude<RsvpStatus, 'invited'>;

const sentence: Record<Answer, (who: string, room: string) => string> = {
  going: (who, room) => `${who} is going to ${room}.`,
  maybe: (who, room) => `${who} might come to ${room}.`,
  declined: (who, room) => `${who} can't come to ${room}.`,
  waitlisted: (who, room) => `${who} wants to come to ${room} and is on the waitlist.`,
};

/**
 * Tells the host of the room that `who` now answers `rsvp` (going, maybe, can't, or going but waitlisted), in the
 * caller's transaction; nothing when the host answers themself. At most one per person and room an hour: a change
 * within the hour updates the one stored (its text says the latest answer) without a new push (`COLLAPSED_KINDS`
 * and `COLLAPSED_PER_ACTOR` in features/notifications/kinds.ts).
 */
export function notifyHostOfAnswer(
  tx: Tx,
  room: { id: string; host_id: number; name: string },
  who: { id: number; username: string },
  rsvp: Answer,
): Promise<Pending[]> {
  if (who.id === room.host_id) return Promise.resolve([]);
  const notice: NewNotification = {
    userId: room.host_id,
    kind: 'rsvp_changed',
    title: 'New RSVP',
    content: sentence[rsvp](who.username, room.name),
    url: `/room/${room.id}`,
    roomId: room.id,
    actorId: who.id,
    params: { username: who.username, roomName: room.name, rsvp },
  };
  return storeNotifications(tx, [notice]);
}
