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
 * Per person: every member now and anyone else the live bills name, with what they paid (each payer's amount of a
 * bill with several, bill_paid_by; else the bill's whole amount for its owner) and their shares; ascending user id. The shares are read bill by bill
 * through bill_shares' primary key (the LATERAL subquery, kept apart by `OFFSET 0`): the cost is the room's shares,
 * whatever the size of the table, where a join the planner is free to flatten may hash the whole of bill_shares
 * (measured on the scale seed, docs/api/README.md#statistics).
 */
export function selectStatsByMember(
  db: Runner,
  roomId: string,
): Promise<{ user_id: number; paid: number; owes: number }[]> {
  return rows(
    db,
    sql`
    SELECT x.user_id, sum(x.paid)::float8 AS paid, sum(x.owes)::float8 AS owes FROM (
      SELECT m.user_id, 0 AS paid, 0 AS owes FROM room_members m WHERE m.room_id = ${roomId}
      UNION ALL
      SELECT b.owner_id, b.amount_minor, 0 FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM bill_paid_by p WHERE p.bill_id = b.id)
      UNION ALL
      SELECT p.user_id, p.amount_minor, 0 FROM bills b JOIN bill_paid_by p ON p.bill_id = b.id
      WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
      UNION ALL
      SELECT s.user_id, 0, s.amount_minor FROM bills b
        CROSS JOIN LATERAL (SELECT user_id, amount_minor FROM bill_shares WHERE bill_id = b.id OFFSET 0) s
      WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
    ) x
    GROUP BY x.user_id ORDER BY x.user_id`,
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
