import { sql } from 'drizzle-orm';
import type { BillCategory } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import type { Runner } from '../rooms/queries.js';

// A room's statistics (GET /rooms/{id}/stats, stats.ts; decision 023's queries-<topic>.ts): one aggregate per list,
// each over the room's live bills through bills_live_idx (room_id, id) WHERE deleted_at IS NULL (migration 0020),
// and the shares of those bills through bill_shares' primary key (bill_id, user_id). Sums are of minor units, exact
// as float8 (every sum stays far below 2^53).

/** The room's currency and time zone (undefined: no such room). */
export function selectStatsRoom(
  db: Runner,
  roomId: string,
): Promise<{ currency: string; time_zone: string } | undefined> {
  return row(db, sql`SELECT currency, time_zone FROM rooms WHERE id = ${roomId}`);
}

/** Per category, a bill without one counted as `other`. */
export function selectStatsByCategory(
  db: Runner,
  roomId: string,
): Promise<{ category: BillCategory; minor: number }[]> {
  return rows(
    db,
    sql`
    SELECT COALESCE(b.category, 'other') AS category, sum(b.amount_minor)::float8 AS minor
    FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
    GROUP BY 1`,
  );
}

/**
 * Per person: every member now and anyone else the live bills name, with what they paid (the bills whose payer,
 * owner_id, they are: the bill's whole amount) and their shares; ascending user id.
 */
export function selectStatsByMember(
  db: Runner,
  roomId: string,
): Promise<{ user_id: number; paid: number; owes: number }[]> {
  return rows(
    db,
    sql`
    WITH live AS (
      SELECT b.id, b.owner_id, b.amount_minor FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
    ), paid AS (
      SELECT owner_id AS user_id, sum(amount_minor) AS paid FROM live GROUP BY owner_id
    ), owes AS (
      SELECT s.user_id, sum(s.amount_minor) AS owes FROM live JOIN bill_shares s ON s.bill_id = live.id
      GROUP BY s.user_id
    ), people AS (
      SELECT user_id FROM room_members WHERE room_id = ${roomId}
      UNION SELECT user_id FROM paid UNION SELECT user_id FROM owes
    )
    SELECT p.user_id, COALESCE(paid.paid, 0)::float8 AS paid, COALESCE(owes.owes, 0)::float8 AS owes
    FROM people p LEFT JOIN paid USING (user_id) LEFT JOIN owes USING (user_id)
    ORDER BY p.user_id`,
  );
}

/** Per day: a bill's date (its created_at) as a calendar day in `timeZone`, the room's; oldest first. */
export function selectStatsByDay(
  db: Runner,
  roomId: string,
  timeZone: string,
): Promise<{ date: string; minor: number }[]> {
  return rows(
    db,
    sql`
    SELECT to_char(b.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date, sum(b.amount_minor)::float8 AS minor
    FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
    GROUP BY 1 ORDER BY 1`,
  );
}
