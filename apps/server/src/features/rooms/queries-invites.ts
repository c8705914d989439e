import { sql, type SQL } from 'drizzle-orm';
import type { Invite, User } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { selectRooms, type Runner } from './queries.js';

// Invites as the caller reads them (decision 023): their pending invites and how many, the invites with their
// rooms, and the friends not yet invited to a room. Writing invites is queries-membership.ts's.

type FriendRow = { id: number; username: string; display_name: string; email: string; picture_url: string };

/** The friends of `userId` who are neither members of the room nor invited to it (pending), by username. */
export async function uninvitedFriends(db: Runner, roomId: string, userId: number): Promise<User[]> {
  const found = await rows<FriendRow>(
    db,
    sql`
        SELECT u.id, u.username, u.display_name, u.email, u.picture_url FROM friendships f JOIN users u ON u.id = f.friend_id
        WHERE f.user_id = ${userId}
          AND NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = ${roomId} AND m.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM invites i WHERE i.room_id = ${roomId} AND i.user_id = u.id AND i.status = 'pending')
        ORDER BY lower(u.username)`,
  );
  return found.map((u) => ({
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    email: u.email,
    pictureUrl: u.picture_url,
  }));
}

/** The pending invites of `userId` to rooms still open. */
export const pendingInvitesOf = (userId: number) =>
  sql`i.user_id = ${userId} AND i.status = 'pending' AND EXISTS (SELECT 1 FROM rooms r WHERE r.id = i.room_id AND r.is_closed = false)`;

/** How many pending invites `userId` has (to rooms still open). */
export async function countPendingInvites(db: Runner, userId: number): Promise<number> {
  const found = await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM invites i WHERE ${pendingInvitesOf(userId)}`,
  );
  return found!.n;
}

type InviteRow = {
  id: number;
  room_id: string;
  inviter_id: number;
  status: Invite['status'];
  created_at: string;
};

export async function selectInvites(
  db: Runner,
  viewerId: number,
  publicUrl: string,
  where: SQL,
): Promise<Invite[]> {
  const { rows } = await db.execute<InviteRow>(
    sql`SELECT id, room_id, inviter_id, status, created_at FROM invites i WHERE ${where} ORDER BY i.created_at DESC, i.id DESC`,
  );
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.room_id))];
  const rooms = await selectRooms(
    db,
    viewerId,
    publicUrl,
    // One uuid[] parameter: the same statement text whatever the number of rooms.
    sql`r.id = ANY(${sql.param(ids)}::uuid[])`,
  );
  const byId = new Map(rooms.map((r) => [r.id, r]));
  return rows.map((i) => ({
    id: i.id,
    roomId: i.room_id,
    room: byId.get(i.room_id)!,
    inviterId: i.inviter_id,
    status: i.status,
    createdAt: isoTimestamp(i.created_at),
  }));
}
