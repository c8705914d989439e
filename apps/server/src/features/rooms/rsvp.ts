import type { Room, RsvpBody, RsvpStatus } from '@outing/contract';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  deliver,
  readResolved,
  storeNotifications,
  type NewNotification,
  type Pending,
} from '../notifications/service.js';
import { checkNotStarted, goingOrWaitlisted, promoteWaitlisted } from './capacity.js';
import { lockRoom, selectRoom, type LockedRoom, type Tx } from './queries.js';
import { declineInvite, lockPendingInvite, touchRoom } from './queries-membership.js';
import { memberRsvp, setMemberRsvp } from './queries-rsvp.js';
import { notifyHostOfAnswer } from './rsvp-notice.js';
import { joinLocked, type Me, type RoomsContext } from './service.js';

/**
 * `PATCH /rooms/{id}/rsvp` (docs/api/README.md#plans): a member changes their answer; a pending invitee's going or maybe
 * accepts the invite (joins, on the waitlist when the room is full), declined declines it; the host is told of the
 * new answer (docs/notifications.md, `rsvp_changed`). 404 → 403 (neither
 * member nor invitee) → 409 (closed; or started, for an invitee joining).
 */
export async function setRsvp(
  ctx: RoomsContext,
  me: Me,
  roomId: string,
  { status }: RsvpBody,
): Promise<{ room: Room; rsvp: RsvpStatus }> {
  const { rsvp, pending } = await ctx.db.transaction(async (tx): Promise<Answered> => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
    const current = await memberRsvp(tx, roomId, me.id);
    if (current) {
      if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
      return changeAnswer(tx, room, me, current, status);
    }
    const invite = await lockPendingInvite(tx, roomId, me.id);
    if (!invite) throw forbidden('Only members and invitees can answer.', 'NOT_INVITED', 'NOT_MEMBER');
    if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
    if (status === 'declined') {
      await declineInvite(tx, invite.id);
      return {
        rsvp: 'declined' as const,
        pending: [
          ...(await readResolved(tx, { inviteOf: { roomId, userId: me.id } })),
          ...(await notifyHostOfAnswer(tx, room, me, 'declined')),
        ],
      };
    }
    checkNotStarted(room);
    // Maybe takes no place, so it never waits.
    const rsvp = status === 'maybe' ? 'maybe' : goingOrWaitlisted(room);
    return {
      rsvp,
      pending: [
        ...(await joinLocked(tx, roomId, me.id, rsvp)),
        ...(await notifyHostOfAnswer(tx, room, me, rsvp)),
      ],
    };
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return { room: (await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId))!, rsvp };
}

type Answered = { rsvp: RsvpStatus; pending: Pending[] };

/**
 * A member's new answer; a going member who steps back frees a place for the first on the waitlist. The host is told
 * (`notifyHostOfAnswer`: not of their own answer).
 */
async function changeAnswer(
  tx: Tx,
  room: LockedRoom,
  me: Me,
  current: RsvpStatus,
  status: RsvpBody['status'],
): Promise<Answered> {
  // Already going, or already waiting for a place: asking to go again changes nothing (nor the waitlist order).
  if (status === 'going' && (current === 'going' || current === 'waitlisted'))
    return { rsvp: current, pending: [] };
  if (status === current) return { rsvp: current, pending: [] };
  const rsvp = status === 'going' ? goingOrWaitlisted(room) : status;
  await setMemberRsvp(tx, room.id, me.id, rsvp);
  await touchRoom(tx, room.id);
  const promoted: NewNotification[] = current === 'going' ? await promoteWaitlisted(tx, room.id) : [];
  return {
    rsvp,
    pending: [...(await storeNotifications(tx, promoted)), ...(await notifyHostOfAnswer(tx, room, me, rsvp))],
  };
}
