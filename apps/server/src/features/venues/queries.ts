import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { rows } from '../../db/rows.js';

export type VenueRow = { venue: string; venue_place_id: string };

/**
 * Venues of rooms the viewer can see whose venue matches `pattern` (an ILIKE pattern) and is not `query` itself,
 * one per venue (the latest room's place id), at most `limit`. Ranked among the first `candidates` rooms found (the
 * trigram index's order, or the table's for a text under three characters): a text that a hundred thousand rooms'
 * venues contain ("caf") costs milliseconds, not a sort of them all (issue #22); a smaller database ranks every match.
 */
export async function selectVenues(
  db: Db,
  q: { pattern: string; query: string; viewerId: number; candidates: number; limit: number },
): Promise<VenueRow[]> {
  return rows<VenueRow>(
    db,
    sql`
    SELECT DISTINCT ON (lower(c.venue)) c.venue, c.venue_place_id
    FROM (
      SELECT r.venue, r.venue_place_id, r.updated_at FROM rooms r
      WHERE r.venue ILIKE ${q.pattern} AND lower(r.venue) <> lower(${q.query})
        AND (r.is_private = false OR EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${q.viewerId}))
      LIMIT ${q.candidates}) c
    ORDER BY lower(c.venue), c.updated_at DESC
    LIMIT ${q.limit}`,
  );
}
