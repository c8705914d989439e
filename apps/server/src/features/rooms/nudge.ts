import { NUDGE_INTERVAL_HOURS } from '@outing/contract';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { deliver, storeNotifications } from '../notifications/service.js';
import { checkNotStarted } from './capacity.js';
import { waitText } from './checks.js';
import { lockRoom } from './queries.js';
import { markNudged, pendingInvitesToNudge } from './queries-rsvp.js';
import type { Me, RoomsContext } from './service.js';

type Nudged = { nudged: number[]; skipped: number[]; nextNudgeAt: string | null };

/**
 * `POST /rooms/{id}/nudge` (host): reminds pending invitees to answer, each at most once in NUDGE_INTERVAL_HOURS
 * (invites.nudged_at, under the room lock so that two nudges at once notify once). 404 → 403 (not the host) → 409
 * (closed, started, or nobody to nudge) → 400 (a named user without a pending invite) → 429 (all nudged too recently).
 */
export async function nudge(ctx: RoomsContext, me: Me, roomId: string, userIds?: number[]): Promise<Nudged> {
  const { result, pending } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
    if (room.host_id !== me.id) throw forbidden('Only the host can nudge invitees.', 'NOT_HOST', 'NOT_HOST');
    if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
    // Nobody can join an outing that has started (capacity.ts): asking them to answer would only be noise.
    checkNotStarted(room);
    const invites = await pendingInvitesToNudge(tx, roomId, NUDGE_INTERVAL_HOURS);
    if (invites.length === 0) throw conflict('Everyone invited has already answered.', 'ALL_ANSWERED');
    let targets = invites;
    if (userIds) {
      const byUser = new Map(invites.map((i) => [i.user_id, i]));
      const issues = userIds.flatMap((id, i) =>
        byUser.has(id)
          ? []
          : [{ path: `userIds.${i}`, message: 'This person has no invite waiting for an answer.' }],
      );
      if (issues.length > 0)
        throw badRequest('Only people with an invite waiting for an answer can be nudged.', issues);
      const wanted = new Set(userIds);
      targets = invites.filter((i) => wanted.has(i.user_id));
    }
    const due = targets.filter((i) => i.due);
    const skipped = targets.filter((i) => !i.due);
    if (due.length === 0) {
      const wait = Math.min(...skipped.map((i) => i.wait_s));
      throw tooMany(
        `You nudged ${skipped.length === 1 ? 'them' : 'everyone'} recently. You can nudge again ${waitText(wait)}.`,
        'NUDGED_RECENTLY',
        wait,
      );
    }
    const nextAt = await markNudged(
      tx,
      due.map((i) => i.id),
      targets.map((i) => i.id),
      NUDGE_INTERVAL_HOURS,
    );
    const stored = await storeNotifications(
      tx,
      due.map((i) => ({
        userId: i.user_id,
        kind: 'invite_nudge' as const,
        title: 'Waiting for your answer',
        content: `${me.username} is waiting for your answer to ${room.name}.`,
        // The room's preview, which answers the invite.
        url: `/room/${roomId}`,
        roomId,
        actorId: me.id,
        params: { username: me.username, roomName: room.name },
      })),
    );
    return {
      result: {
        nudged: due.map((i) => i.user_id),
        skipped: skipped.map((i) => i.user_id),
        nextNudgeAt: nextAt ? isoTimestamp(nextAt) : null,
      },
      pending: stored,
    };
  });
  deliver(ctx.events, pending);
  return result;
}
