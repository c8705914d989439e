import { sql, type SQL } from 'drizzle-orm';
import type { Room } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { selectRooms, type Runner } from './queries.js';

/**
 * Explore (`GET /rooms/public`, issue #20 item 10): upcoming open public rooms the caller is neither in nor
 * invited to, soonest first, optionally searched by name or venue, in keyset pages on (starts_at, id), which the
 * partial index rooms_explore_idx serves.
 */

/** What a client that does not page gets at most (the list was capped at 50 before paging existed). */
export const UNPAGED_LIMIT = 50;

type Cursor = { startsAt: string; id: string };

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.startsAt, c.id])).toString('base64url');

const badCursor = () =>
  badRequest(
    'This page of Explore is out of date; start again from the first page.',
    [{ path: 'cursor', message: 'Not a cursor this server gave out' }],
    'STALE_CURSOR',
  );

export function decodeCursor(raw: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    Number.isNaN(Date.parse(parsed[0])) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(parsed[1])
  )
    throw badCursor();
  return { startsAt: new Date(parsed[0]).toISOString(), id: parsed[1] };
}

/** The WHERE of Explore for `viewerId`: exactly the index's predicate plus the caller's filters. */
export function exploreWhere(viewerId: number, q?: string, cursor?: Cursor): SQL {
  const parts: SQL[] = [
    sql`r.is_private = false AND r.is_closed = false AND r.starts_at > now()`,
    sql`NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${viewerId})`,
    sql`NOT EXISTS (SELECT 1 FROM invites i WHERE i.room_id = r.id AND i.user_id = ${viewerId} AND i.status = 'pending')`,
  ];
  if (q) parts.push(sql`(r.name ILIKE ${containsPattern(q)} OR r.venue ILIKE ${containsPattern(q)})`);
  if (cursor) parts.push(sql`(r.starts_at, r.id) > (${cursor.startsAt}::timestamptz, ${cursor.id}::uuid)`);
  return sql.join(parts, sql` AND `);
}

export async function explore(
  db: Runner,
  viewerId: number,
  publicUrl: string,
  query: { q?: string; limit?: number; cursor?: string },
): Promise<{ rooms: Room[]; nextCursor?: string | null }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const q = query.q || undefined;
  const where = exploreWhere(viewerId, q, cursor);
  if (!query.limit) {
    // Old clients (docs/api/README.md#rooms): the soonest upcoming rooms in one answer, bounded as it always was.
    return {
      rooms: await selectRooms(
        db,
        viewerId,
        publicUrl,
        where,
        sql`ORDER BY r.starts_at, r.id LIMIT ${UNPAGED_LIMIT}`,
      ),
    };
  }
  const rooms = await selectRooms(
    db,
    viewerId,
    publicUrl,
    where,
    sql`ORDER BY r.starts_at, r.id LIMIT ${query.limit + 1}`,
  );
  const more = rooms.length > query.limit;
  const page = more ? rooms.slice(0, query.limit) : rooms;
  const last = page.at(-1);
  return {
    rooms: page,
    nextCursor: more && last ? encodeCursor({ startsAt: last.startsAt, id: last.id }) : null,
  };
}
