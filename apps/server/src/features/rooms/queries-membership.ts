import { sql } from 'drizzle-orm';
import type { RsvpStatus } from '@outing/contract';
import { intArray } from '../../db/arrays.js';
import { rows } from '../../db/rows.js';
import type { Tx } from './queries.js';

// Who is in a room and who is invited to it: creating a room, joining, invites and their answers, closing, leaving
// (decision 023). Every statement here runs inside the caller's transaction, most under `lockRoom` (queries.ts),
// in the order the caller gives; in a transaction db/rows.ts runs them as plain `execute`.

// Lists of users are bound as one `int[]` parameter (`intArray`): a statement's text is the same whatever their
// length.

export type InviteeRow = { id: number; friend: boolean };

/** Of the users `ids`, those whose email is verified, and whether each is `inviterId`'s friend. */
export async function selectInvitees(
  tx: Tx,
  inviterId: number,
  ids: readonly number[],
): Promise<InviteeRow[]> {
  const { rows: found } = await tx.execute<InviteeRow>(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${inviterId} AND f.friend_id = u.id) AS friend
    FROM users u WHERE u.id = ANY(${intArray(ids)}) AND u.is_email_valid`);
  return found;
}

/** Pending invites of `userIds` to the room (none for no ids). */
export async function insertInvites(tx: Tx, roomId: string, inviterId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO invites (room_id, user_id, inviter_id)
    SELECT ${roomId}, u, ${inviterId} FROM unnest(${intArray(userIds)}) AS u`);
}

export type NewRoom = {
  id: string;
  name: string;
  date: string;
  time: string;
  venue: string;
  venuePlaceId: string;
  venueUrl: string;
  imageUrl: string;
  description: string;
  hostId: number;
  isPrivate: boolean;
  currency: string;
  capacity: number | null;
  timeZone: string;
  pictureId: string | null;
  /** docs/api/README.md#date-and-venue-tbd: `date`/`time` or `venue` are then placeholders. */
  dateTbd: boolean;
  venueTbd: boolean;
};

/** The room's row, and its host as its first member. */
export async function insertRoom(tx: Tx, r: NewRoom): Promise<void> {
  await tx.execute(sql`
      INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, image_url, description, host_id,
                         is_private, currency, capacity, time_zone, picture_id, date_tbd, venue_tbd)
      VALUES (${r.id}, ${r.name}, ${r.date}, ${r.time}, ${r.venue}, ${r.venuePlaceId}, ${r.venueUrl},
              ${r.imageUrl}, ${r.description}, ${r.hostId}, ${r.isPrivate}, ${r.currency}, ${r.capacity},
              ${r.timeZone}, ${r.pictureId}, ${r.dateTbd}, ${r.venueTbd})`);
  await tx.execute(sql`INSERT INTO room_members (room_id, user_id) VALUES (${r.id}, ${r.hostId})`);
}

/** The `where` of `selectInvites` (queries-invites.ts) for the room's pending invites. */
export const pendingInvitesTo = (roomId: string) => sql`i.room_id = ${roomId} AND i.status = 'pending'`;

/** … for the room's pending invites of `userIds`. */
export const pendingInvitesOfUsers = (roomId: string, userIds: readonly number[]) =>
  sql`i.room_id = ${roomId} AND i.status = 'pending' AND i.user_id = ANY(${intArray(userIds)})`;

/**
 * Makes the user a member with `rsvp`; their pending invite, if any, is accepted; the room is updated (in this
 * order).
 */
export async function insertMember(tx: Tx, roomId: string, userId: number, rsvp: RsvpStatus): Promise<void> {
  await tx.execute(
    sql`INSERT INTO room_members (room_id, user_id, rsvp) VALUES (${roomId}, ${userId}, ${rsvp})`,
  );
  await tx.execute(sql`
    UPDATE invites SET status = 'accepted', responded_at = now()
    WHERE room_id = ${roomId} AND user_id = ${userId} AND status = 'pending'`);
  await touchRoom(tx, roomId);
}

/** The room changed (its lists sort by `updated_at`). */
export async function touchRoom(tx: Tx, roomId: string): Promise<void> {
  await tx.execute(sql`UPDATE rooms SET updated_at = now() WHERE id = ${roomId}`);
}

/** The user's pending invite to the room, locked (FOR UPDATE) until the transaction ends. */
export async function lockPendingInvite(
  tx: Tx,
  roomId: string,
  userId: number,
): Promise<{ id: number } | undefined> {
  const [invite] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM invites WHERE room_id = ${roomId} AND user_id = ${userId} AND status = 'pending' FOR UPDATE`,
  );
  return invite;
}

export async function acceptInvite(tx: Tx, inviteId: number): Promise<void> {
  await tx.execute(sql`UPDATE invites SET status = 'accepted', responded_at = now() WHERE id = ${inviteId}`);
}

export async function declineInvite(tx: Tx, inviteId: number): Promise<void> {
  await tx.execute(sql`UPDATE invites SET status = 'declined', responded_at = now() WHERE id = ${inviteId}`);
}

/** Whether any of `userIds` is a member of the room or has a pending invite to it. */
export async function anyInOrInvited(tx: Tx, roomId: string, userIds: readonly number[]): Promise<boolean> {
  const list = intArray(userIds);
  const { rows: found } = await tx.execute(sql`
        SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ANY(${list})
        UNION ALL SELECT 1 FROM invites WHERE room_id = ${roomId} AND user_id = ANY(${list}) AND status = 'pending'`);
  return found.length > 0;
}

export type DeclinedRow = { username: string; wait_s: number };

/**
 * Those of `userIds` who declined an invite to the room in the last `hours`, by name, with the seconds until that
 * is `hours` ago.
 */
export async function recentlyDeclined(
  tx: Tx,
  roomId: string,
  userIds: readonly number[],
  hours: number,
): Promise<DeclinedRow[]> {
  const { rows: found } = await tx.execute<DeclinedRow>(sql`
    SELECT u.username,
      extract(epoch FROM max(i.responded_at) + make_interval(hours => ${hours}) - now())::float8 AS wait_s
    FROM invites i JOIN users u ON u.id = i.user_id
    WHERE i.room_id = ${roomId} AND i.user_id = ANY(${intArray(userIds)}) AND i.status = 'declined'
      AND i.responded_at > now() - make_interval(hours => ${hours})
    GROUP BY u.id, u.username ORDER BY lower(u.username)`);
  return found;
}

/** Closes the room, then drops its pending invites. */
export async function closeRoomRow(tx: Tx, roomId: string): Promise<void> {
  await tx.execute(sql`UPDATE rooms SET is_closed = true, updated_at = now() WHERE id = ${roomId}`);
  await tx.execute(sql`DELETE FROM invites WHERE room_id = ${roomId} AND status = 'pending'`);
}

export async function deleteMember(tx: Tx, roomId: string, userId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}`);
}
