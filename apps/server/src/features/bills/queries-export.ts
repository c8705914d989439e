import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';

// The queries of a room's CSV export (export-csv.ts; decision 023's queries-<topic>.ts). Each runs once per export,
// a rare request: plain `execute` as before, not a named prepared statement on every connection that serves one
// (db/prepared.ts keeps 200 names, for the hot reads).

export async function selectExportRoom(db: Db, roomId: string): Promise<{ name: string; currency: string }> {
  const { rows } = await db.execute<{ name: string; currency: string }>(
    sql`SELECT name, currency FROM rooms WHERE id = ${roomId}`,
  );
  return rows[0]!;
}

/** The room's Settle ups (its 'round' consolidations), oldest first. */
export async function selectExportRounds(db: Db, roomId: string): Promise<{ id: number }[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM consolidations WHERE room_id = ${roomId} AND kind = 'round' ORDER BY id`,
  );
  return rows;
}

export type ExportBillRow = {
  id: number;
  name: string;
  amount_minor: number;
  consolidation_id: number | null;
  created_at: string;
  payer: string;
  /** [username, minor] of every participant, by username. */
  shares: [string, number][];
  /** [username, minor] of each payer of a bill with several (issue 36, bill_paid_by), by username; else []. */
  paid_by: [string, number][];
};

/** The room's live bills, by Settle up (those of none last), then id. */
export async function selectExportBills(db: Db, roomId: string): Promise<ExportBillRow[]> {
  const { rows } = await db.execute<ExportBillRow>(sql`
    SELECT b.id, b.name, b.amount_minor, b.consolidation_id,
      to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, u.username AS payer,
      COALESCE((SELECT json_agg(json_build_array(su.username, s.amount_minor) ORDER BY su.username)
        FROM bill_shares s JOIN users su ON su.id = s.user_id WHERE s.bill_id = b.id), '[]') AS shares,
      COALESCE((SELECT json_agg(json_build_array(pu.username, p.amount_minor) ORDER BY pu.username)
        FROM bill_paid_by p JOIN users pu ON pu.id = p.user_id WHERE p.bill_id = b.id), '[]') AS paid_by
    FROM bills b JOIN users u ON u.id = b.owner_id
    WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL ORDER BY b.consolidation_id NULLS LAST, b.id`);
  return rows;
}

export type ExportPaymentRow = {
  consolidation_id: number;
  created_at: string;
  payer: string;
  payee: string;
  amount_minor: number;
  paid_on: string | null;
};

/** The room's transactions, by consolidation, then id. */
export async function selectExportPayments(db: Db, roomId: string): Promise<ExportPaymentRow[]> {
  const { rows } = await db.execute<ExportPaymentRow>(sql`
    SELECT t.consolidation_id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
      a.username AS payer, e.username AS payee, t.amount_minor,
      to_char(t.paid_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_on
    FROM transactions t JOIN users a ON a.id = t.payer_id JOIN users e ON e.id = t.payee_id
    WHERE t.room_id = ${roomId} ORDER BY t.consolidation_id, t.id`);
  return rows;
}
