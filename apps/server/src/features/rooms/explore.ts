import type { Room } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';
import type { Runner } from './queries.js';
import { exploreWhere, soonestRooms, type ExploreCursor } from './queries-lists.js';

export { exploreWhere } from './queries-lists.js';

/**
 * Explore (`GET /rooms/public`, issue #20 item 10): upcoming open public rooms the caller is neither in nor
 * invited to, soonest first, optionally searched by name or venue, in keyset pages on (starts_at, id), which the
 * partial index rooms_explore_idx serves.
 */

/** What a client that does not page gets at most (the list was capped at 50 before paging existed). */
export const UNPAGED_LIMIT = 50;

type Cursor = ExploreCursor;

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
      rooms: await soonestRooms(db, viewerId, publicUrl, where, UNPAGED_LIMIT),
    };
  }
  const rooms = await soonestRooms(db, viewerId, publicUrl, where, query.limit + 1);
  const more = rooms.length > query.limit;
  const page = more ? rooms.slice(0, query.limit) : rooms;
  const last = page.at(-1);
  return {
    rooms: page,
    nextCursor: more && last ? encodeCursor({ startsAt: last.startsAt, id: last.id }) : null,
  };
}
