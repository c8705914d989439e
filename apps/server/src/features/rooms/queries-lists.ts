import { sql, type SQL } from 'drizzle-orm';
import type { Room } from '@outing/contract';
import { containsPattern } from '../../lib/like.js';
import { selectRooms, type Runner } from './queries.js';

// Explore's statement (`GET /rooms/public`, issue #20 item 10; decision 023): upcoming open public rooms the
// caller is neither in nor invited to, soonest first, in keyset pages on (starts_at, id).

/** Where Explore's next page starts: after this room (starts_at as ISO text). */
export type ExploreCursor = { startsAt: string; id: string };

/** The WHERE of Explore for `viewerId`: exactly the index's predicate plus the caller's filters. */
export function exploreWhere(viewerId: number, q?: string, cursor?: ExploreCursor): SQL {
  const parts: SQL[] = [
    sql`r.is_private = false AND r.is_closed = false AND r.starts_at > now()`,
    sql`NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${viewerId})`,
    sql`NOT EXISTS (SELECT 1 FROM invites i WHERE i.room_id = r.id AND i.user_id = ${viewerId} AND i.status = 'pending')`,
  ];
  if (q) parts.push(sql`(r.name ILIKE ${containsPattern(q)} OR r.venue ILIKE ${containsPattern(q)})`);
  if (cursor) parts.push(sql`(r.starts_at, r.id) > (${cursor.startsAt}::timestamptz, ${cursor.id}::uuid)`);
  return sql.join(parts, sql` AND `);
}

/** The first `limit` rooms of `where`, soonest first (ties by id): the partial index rooms_explore_idx's order. */
export function soonestRooms(
  db: Runner,
  viewerId: number,
  publicUrl: string,
  where: SQL,
  limit: number,
): Promise<Room[]> {
  return selectRooms(db, viewerId, publicUrl, where, sql`ORDER BY r.starts_at, r.id LIMIT ${limit}`);
}
