import { sql } from 'drizzle-orm';
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
import { joinLocked, type Me, type RoomsContext } from './service.js';

/**
 * `PATCH /rooms/{id}/rsvp` (docs/api/README.md#plans): a member changes their answer; a pending invitee's going or maybe
 * accepts the invite (joins, on the waitlist when the room is full), declined declines it. 404 → 403 (neither
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
    const { rows } = await tx.execute<{ rsvp: RsvpStatus }>(
      sql`SELECT rsvp FROM room_members WHERE room_id = ${roomId} AND user_id = ${me.id}`,
    );
    const current = rows[0]?.rsvp;
    if (current) {
      if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
      return changeAnswer(tx, room, me.id, current, status);
    }
    const { rows: invites } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM invites WHERE room_id = ${roomId} AND user_id = ${me.id} AND status = 'pending' FOR UPDATE`);
    const invite = invites[0];
    if (!invite) throw forbidden('Only members and invitees can answer.', 'NOT_INVITED', 'NOT_MEMBER');
    if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
    if (status === 'declined') {
      await tx.execute(
        sql`UPDATE invites SET status = 'declined', responded_at = now() WHERE id = ${invite.id}`,
      );
      return {
        rsvp: 'declined' as const,
        pending: await readResolved(tx, { inviteOf: { roomId, userId: me.id } }),
      };
    }
    checkNotStarted(room);
    // Maybe takes no place, so it never waits.
    const rsvp: RsvpStatus = status === 'maybe' ? 'maybe' : goingOrWaitlisted(room);
    return { rsvp, pending: await joinLocked(tx, roomId, me.id, rsvp) };
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return { room: (await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId))!, rsvp };
}

type Answered = { rsvp: RsvpStatus; pending: Pending[] };

/** A member's new answer; a going member who steps back frees a place for the first on the waitlist. */
async function changeAnswer(
  tx: Tx,
  room: LockedRoom,
  userId: number,
  current: RsvpStatus,
  status: RsvpBody['status'],
): Promise<Answered> {
  // Already going, or already waiting for a place: asking to go again changes nothing (nor the waitlist order).
  if (status === 'going' && (current === 'going' || current === 'waitlisted'))
    return { rsvp: current, pending: [] };
  if (status === current) return { rsvp: current, pending: [] };
  const rsvp = status === 'going' ? goingOrWaitlisted(room) : status;
  await tx.execute(sql`
    UPDATE room_members SET rsvp = ${rsvp}, rsvp_at = clock_timestamp()
    WHERE room_id = ${room.id} AND user_id = ${userId}`);
  await tx.execute(sql`UPDATE rooms SET updated_at = now() WHERE id = ${room.id}`);
  const promoted: NewNotification[] = current === 'going' ? await promoteWaitlisted(tx, room.id) : [];
  return { rsvp, pending: await storeNotifications(tx, promoted) };
}
