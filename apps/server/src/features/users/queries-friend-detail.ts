import { sql } from 'drizzle-orm';
import { sharedRoomsLimit } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { row, rows } from '../../db/rows.js';
import { toUserRow, userColumns, type UserRecord, type UserRow } from './queries.js';

// The friend page's statements (`GET /users/{id}/friends/{friendId}`, issue 37; decision 023).

/** The friend's row and when the friendship began (PostgreSQL's text), or undefined when they are not friends. */
export async function friendshipRow(
  db: Db,
  userId: number,
  friendId: number,
): Promise<{ user: UserRow; since: string } | undefined> {
  const found = await row<UserRecord & { since: string }>(
    db,
    sql`SELECT ${userColumns()}, friendships.created_at AS since
        FROM friendships JOIN users ON users.id = friendships.friend_id
        WHERE friendships.user_id = ${userId} AND friendships.friend_id = ${friendId}`,
  );
  if (!found) return undefined;
  const { since, ...user } = found;
  return { user: toUserRow(user), since };
}

export type SharedRoomRow = {
  id: string;
  name: string;
  date: string;
  time: string;
  starts_at: string;
  time_zone: string;
  venue: string;
  is_closed: boolean;
  image_url: string;
  picture_id: string | null;
  date_tbd: boolean;
  venue_tbd: boolean;
  total: number;
};

/**
 * The rooms both are members of: open ones soonest first, then closed ones latest first; at most `sharedRoomsLimit`,
 * each row carrying how many there are in all. The caller's memberships come from room_members_user_idx, and each is
 * checked for the friend on the primary key (room_id, user_id): the work grows with the caller's rooms only.
 */
export function sharedRoomRows(db: Db, userId: number, friendId: number): Promise<SharedRoomRow[]> {
  return rows<SharedRoomRow>(
    db,
    sql`SELECT r.id, r.name, r.date, r.time, r.starts_at, r.time_zone, r.venue, r.is_closed, r.image_url,
          r.picture_id, r.date_tbd, r.venue_tbd, (count(*) OVER ())::int AS total
        FROM room_members mine
        JOIN room_members theirs ON theirs.room_id = mine.room_id AND theirs.user_id = ${friendId}
        JOIN rooms r ON r.id = mine.room_id
        WHERE mine.user_id = ${userId}
        ORDER BY r.is_closed, CASE WHEN r.is_closed THEN NULL ELSE r.starts_at END, r.starts_at DESC, r.id
        LIMIT ${sharedRoomsLimit}`,
  );
}
