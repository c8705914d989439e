import { sql } from 'drizzle-orm';
import { intArray } from '../../db/arrays.js';
import type { RsvpStatus } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import type { Runner, Tx } from './queries.js';

// Members' answers, the waitlist, the guest list and nudges (decision 023). The statements that change answers run
// in the caller's transaction under `lockRoom` (queries.ts), in the caller's order.

/** The member's answer, or undefined for a non-member. */
export async function memberRsvp(tx: Tx, roomId: string, userId: number): Promise<RsvpStatus | undefined> {
  const found = await row<{ rsvp: RsvpStatus }>(
    tx,
    sql`SELECT rsvp FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}`,
  );
  return found?.rsvp;
}

/** A member's new answer, answered now (clock_timestamp: the waitlist's order within a transaction too). */
export async function setMemberRsvp(tx: Tx, roomId: string, userId: number, rsvp: RsvpStatus): Promise<void> {
  await tx.execute(sql`
    UPDATE room_members SET rsvp = ${rsvp}, rsvp_at = clock_timestamp()
    WHERE room_id = ${roomId} AND user_id = ${userId}`);
}

export type WaitlistRoomRow = {
  name: string;
  capacity: number | null;
  going_count: number;
  waitlist_count: number;
};

/** The room's name, capacity and counts as of now (this transaction's changes included). */
export function waitlistRoom(tx: Tx, roomId: string): Promise<WaitlistRoomRow | undefined> {
  return row<WaitlistRoomRow>(
    tx,
    sql`SELECT name, capacity, going_count, waitlist_count FROM rooms WHERE id = ${roomId}`,
  );
}

/**
 * Moves the first `places` waitlisted members (by the time they answered, then id; Infinity: all) to going; returns
 * their ids.
 */
export async function promoteFirstWaitlisted(tx: Tx, roomId: string, places: number): Promise<number[]> {
  const limit = places === Infinity ? sql`ALL` : sql`${places}`;
  const promoted = await rows<{ user_id: number }>(
    tx,
    sql`
    UPDATE room_members SET rsvp = 'going'
    WHERE room_id = ${roomId} AND user_id IN (
      SELECT user_id FROM room_members WHERE room_id = ${roomId} AND rsvp = 'waitlisted'
      ORDER BY rsvp_at, user_id LIMIT ${limit})
    RETURNING user_id`,
  );
  return promoted.map((p) => p.user_id);
}

/**
 * Who may read the room's guest list (docs/api/README.md#plans): `room` false when there is no such room, else
 * whether `userId` is a member or holds a pending invite to it. One round trip.
 */
export async function guestListAccess(
  db: Runner,
  roomId: string,
  userId: number,
): Promise<{ room: boolean; allowed: boolean }> {
  const found = await row<{ allowed: boolean }>(
    db,
    sql`
    SELECT (EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM invites i WHERE i.room_id = r.id AND i.user_id = ${userId} AND i.status = 'pending')) AS allowed
    FROM rooms r WHERE r.id = ${roomId}`,
  );
  return { room: found !== undefined, allowed: found?.allowed ?? false };
}

export type GuestRow = {
  id: number;
  username: string;
  display_name: string;
  email: string;
  picture_url: string;
  /** `users.guest_room_id IS NOT NULL` (decision 026). */
  is_guest: boolean;
  visible: boolean;
  rsvp: RsvpStatus;
  is_member: boolean;
  answered_at: string | null;
  nudged_at: string | null;
};

/**
 * Everyone asked to the room: members by answer (going with the host first, maybe, the waitlist in its order,
 * declined), then pending invitees, then invitees who declined (and did not join later); `visible`: the viewer or
 * the viewer's friend. Plain `execute`, as it always ran (not a named prepared statement).
 */
export async function selectGuests(db: Runner, roomId: string, viewerId: number): Promise<GuestRow[]> {
  const { rows: found } = await db.execute<GuestRow>(sql`
    WITH asked AS (
      SELECT m.user_id, m.rsvp, true AS is_member, m.rsvp_at AS answered_at, NULL::timestamptz AS nudged_at,
        CASE m.rsvp WHEN 'going' THEN 0 WHEN 'maybe' THEN 1 WHEN 'waitlisted' THEN 2 ELSE 3 END AS grp,
        CASE WHEN m.rsvp = 'waitlisted' THEN m.rsvp_at END AS queued_at
      FROM room_members m WHERE m.room_id = ${roomId}
      UNION ALL
      SELECT i.user_id, 'invited', false, NULL, i.nudged_at, 4, NULL
      FROM invites i WHERE i.room_id = ${roomId} AND i.status = 'pending'
      UNION ALL
      (SELECT DISTINCT ON (i.user_id) i.user_id, 'declined', false, i.responded_at, i.nudged_at, 5, NULL
      FROM invites i WHERE i.room_id = ${roomId} AND i.status = 'declined'
        AND NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = i.room_id AND m.user_id = i.user_id)
        AND NOT EXISTS (SELECT 1 FROM invites p WHERE p.room_id = i.room_id AND p.user_id = i.user_id AND p.status = 'pending')
      ORDER BY i.user_id, i.responded_at DESC NULLS LAST)
    )
    SELECT u.id, u.username, u.display_name, u.email, u.picture_url, (u.guest_room_id IS NOT NULL) AS is_guest,
      a.rsvp, a.is_member, a.answered_at, a.nudged_at,
      (u.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)) AS visible
    FROM asked a JOIN users u ON u.id = a.user_id JOIN rooms r ON r.id = ${roomId}
    ORDER BY a.grp, (u.id = r.host_id) DESC, a.queued_at, CASE WHEN a.grp = 2 THEN u.id END, lower(u.username), u.id`);
  return found;
}

export type NudgeInviteRow = { id: number; user_id: number; due: boolean; wait_s: number };

/**
 * The room's pending invites by user: `due` when not nudged in the last `hours`, else `wait_s` until they may be.
 */
export function pendingInvitesToNudge(tx: Tx, roomId: string, hours: number): Promise<NudgeInviteRow[]> {
  return rows<NudgeInviteRow>(
    tx,
    sql`
      SELECT id, user_id,
        (nudged_at IS NULL OR nudged_at <= now() - make_interval(hours => ${hours})) AS due,
        coalesce(extract(epoch FROM nudged_at + make_interval(hours => ${hours}) - now()), 0)::float8 AS wait_s
      FROM invites WHERE room_id = ${roomId} AND status = 'pending' ORDER BY user_id`,
  );
}

/**
 * Marks the invites `ids` nudged now, then reads when the first of `targetIds` may be nudged again (`hours` after
 * its nudge). The ids are bound as one `int[]` parameter each (`intArray`): one statement text whatever the lists.
 */
export async function markNudged(
  tx: Tx,
  ids: readonly number[],
  targetIds: readonly number[],
  hours: number,
): Promise<string | null> {
  await tx.execute(sql`UPDATE invites SET nudged_at = now() WHERE id = ANY(${intArray(ids)})`);
  const { rows: found } = await tx.execute<{ next_at: string }>(sql`
      SELECT min(nudged_at) + make_interval(hours => ${hours}) AS next_at
      FROM invites WHERE id = ANY(${intArray(targetIds)})`);
  return found[0]?.next_at ?? null;
}
