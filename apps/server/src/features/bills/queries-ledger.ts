import { sql } from 'drizzle-orm';
import type { Transaction } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import type { Runner } from '../rooms/queries.js';
import { intArray, selectTransactions } from './queries.js';

// The live ledger's queries (decision 023's queries-<topic>.ts; ledger.ts and rounds.ts say what they are for): its
// sums, the room's unpaid transactions brought to its fewest transfers, the queue drained at start, and the Settle
// ups (rounds). Lists of ids and amounts are bound as one `int[]` parameter each (`intArray`), so a statement's text
// is the same whatever their length and it is prepared once (db/prepared.ts). The transaction lists by ids go through
// `selectTransactions` (queries.ts).

export type LedgerSumsRow = { user_id: number; paid: string; owes: string; sent: string; received: string };

/**
 * Every person with money in the room, with their sums in minor units (bigint sums, as text). A bill credits its
 * payers (bill_paid_by, migration 0025) when it has several, else its owner the whole amount.
 */
export function selectLedgerSums(db: Runner, roomId: string): Promise<LedgerSumsRow[]> {
  return rows<LedgerSumsRow>(
    db,
    sql`
    SELECT user_id, sum(paid)::text AS paid, sum(owes)::text AS owes, sum(sent)::text AS sent,
      sum(received)::text AS received
    FROM (
      SELECT b.owner_id AS user_id, b.amount_minor::bigint AS paid, 0::bigint AS owes, 0::bigint AS sent, 0::bigint AS received
      FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM bill_paid_by p WHERE p.bill_id = b.id)
      UNION ALL
      SELECT p.user_id, p.amount_minor, 0, 0, 0
      FROM bills b JOIN bill_paid_by p ON p.bill_id = b.id WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
      UNION ALL
      SELECT s.user_id, 0, s.amount_minor, 0, 0
      FROM bills b JOIN bill_shares s ON s.bill_id = b.id WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
      UNION ALL
      SELECT t.payer_id, 0, 0, t.amount_minor, 0 FROM transactions t WHERE t.room_id = ${roomId} AND t.status <> 'unpaid'
      UNION ALL
      SELECT t.payee_id, 0, 0, 0, t.amount_minor FROM transactions t WHERE t.room_id = ${roomId} AND t.status <> 'unpaid'
    ) x GROUP BY user_id`,
  );
}

/** The room's 'ledger' consolidation: what its live unpaid transactions and its recorded payments belong to. */
export async function ledgerConsolidation(db: Runner, roomId: string, actorId: number): Promise<number> {
  return (await row<{ id: number }>(
    db,
    sql`
    WITH made AS (
      INSERT INTO consolidations (room_id, created_by, kind) VALUES (${roomId}, ${actorId}, 'ledger')
      ON CONFLICT (room_id) WHERE kind = 'ledger' DO NOTHING RETURNING id
    )
    SELECT id FROM made UNION ALL SELECT id FROM consolidations WHERE room_id = ${roomId} AND kind = 'ledger'`,
  ))!.id;
}

export type UnpaidTransferRow = { id: number; payer_id: number; payee_id: number; amount_minor: number };

/** The room's unpaid transactions, oldest first. */
export function selectUnpaidTransfers(db: Runner, roomId: string): Promise<UnpaidTransferRow[]> {
  return rows<UnpaidTransferRow>(
    db,
    sql`
    SELECT id, payer_id, payee_id, amount_minor FROM transactions
    WHERE room_id = ${roomId} AND status = 'unpaid' ORDER BY id`,
  );
}

export async function deleteTransactions(db: Runner, ids: readonly number[]): Promise<void> {
  await rows(db, sql`DELETE FROM transactions WHERE id = ANY(${intArray(ids)})`);
}

/** New amounts of unpaid transactions, now in the room's ledger consolidation. */
export async function setTransferAmounts(
  db: Runner,
  ledgerId: number,
  updates: readonly { id: number; minor: number }[],
): Promise<void> {
  await rows(
    db,
    sql`
      UPDATE transactions t SET amount_minor = u.minor, consolidation_id = ${ledgerId}
      FROM unnest(${intArray(updates.map((u) => u.id))}, ${intArray(updates.map((u) => u.minor))}) AS u(id, minor)
      WHERE t.id = u.id`,
  );
  // A transfer's bills were those of the round that made it; its amount now follows the whole ledger.
  await rows(
    db,
    sql`DELETE FROM transaction_bills WHERE transaction_id = ANY(${intArray(updates.map((u) => u.id))})`,
  );
}

export type MadeTransferRow = { id: number; payer_id: number; payee_id: number };

/** New unpaid transactions of the room, in its ledger consolidation. */
export async function insertTransfers(
  db: Runner,
  ledgerId: number,
  roomId: string,
  inserts: readonly { from: number; to: number; minor: number }[],
): Promise<MadeTransferRow[]> {
  return rows<MadeTransferRow>(
    db,
    sql`
      INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor)
      SELECT ${ledgerId}, ${roomId}, f, t, c
      FROM unnest(${intArray(inserts.map((i) => i.from))}, ${intArray(inserts.map((i) => i.to))}, ${intArray(inserts.map((i) => i.minor))}) AS x(f, t, c)
      RETURNING id, payer_id, payee_id`,
  );
}

/** The rooms in ledger_queue (migration 0020), with their hosts. */
export function selectLedgerQueue(db: Runner): Promise<{ room_id: string; host_id: number }[]> {
  return rows<{ room_id: string; host_id: number }>(
    db,
    sql`
    SELECT q.room_id, r.host_id FROM ledger_queue q JOIN rooms r ON r.id = q.room_id ORDER BY q.room_id`,
  );
}

/** The queued room's row lock (ledger_queue's drain). */
export async function lockQueuedRoom(db: Runner, roomId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM rooms WHERE id = ${roomId} FOR UPDATE`);
}

export async function unqueueRoom(db: Runner, roomId: string): Promise<void> {
  await db.execute(sql`DELETE FROM ledger_queue WHERE room_id = ${roomId}`);
}

export type OutstandingRow = { payer_id: number; amount_minor: number; other: string };

/** The room's unpaid transactions `userId` is the payer or the payee of, the other side's name with each. */
export function selectOutstanding(db: Runner, roomId: string, userId: number): Promise<OutstandingRow[]> {
  return rows<OutstandingRow>(
    db,
    sql`
    SELECT t.payer_id, t.amount_minor, u.username AS other
    FROM transactions t JOIN users u ON u.id = CASE WHEN t.payer_id = ${userId} THEN t.payee_id ELSE t.payer_id END
    WHERE t.room_id = ${roomId} AND t.status = 'unpaid' AND (t.payer_id = ${userId} OR t.payee_id = ${userId})
    ORDER BY t.amount_minor DESC, t.id`,
  );
}

// Settle ups (rounds.ts).

export async function roomHasBills(db: Runner, roomId: string): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM bills WHERE room_id = ${roomId} AND deleted_at IS NULL LIMIT 1`,
  );
  return found.length > 0;
}

/** A new Settle up (a 'round' consolidation) of the room; its id. */
export async function insertRound(db: Runner, roomId: string, createdBy: number): Promise<number> {
  return (await row<{ id: number }>(
    db,
    sql`INSERT INTO consolidations (room_id, created_by) VALUES (${roomId}, ${createdBy}) RETURNING id`,
  ))!.id;
}

/** The room's live bills no Settle up named yet become the round's. */
export async function nameBillsInRound(db: Runner, roomId: string, consolidationId: number): Promise<void> {
  await db.execute(sql`
      UPDATE bills SET consolidation_id = ${consolidationId}
      WHERE room_id = ${roomId} AND consolidation_id IS NULL AND deleted_at IS NULL`);
}

/** The usernames of `ids` (none read for no ids). */
export async function usernamesOf(
  db: Runner,
  ids: readonly number[],
): Promise<{ id: number; username: string }[]> {
  if (ids.length === 0) return [];
  return rows<{ id: number; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE id = ANY(${intArray(ids)})`,
  );
}

/** The transactions `ids` that are still unpaid, as `viewerId` sees them. */
export function selectUnpaidByIds(
  db: Runner,
  viewerId: number,
  ids: readonly number[],
): Promise<Transaction[]> {
  return selectTransactions(db, viewerId, sql`t.id = ANY(${intArray(ids)}) AND t.status = 'unpaid'`);
}

/** True when the room has bills and none was added, changed or deleted since the last Settle up. */
export async function roomSettled(db: Runner, roomId: string): Promise<boolean> {
  return (await row<{ settled: boolean }>(
    db,
    sql`
    WITH last AS (
      SELECT max(created_at) AS at FROM consolidations WHERE room_id = ${roomId} AND kind = 'round'
    )
    SELECT EXISTS (SELECT 1 FROM bills WHERE room_id = ${roomId} AND deleted_at IS NULL)
      AND NOT EXISTS (
        SELECT 1 FROM bills b, last
        WHERE b.room_id = ${roomId}
          AND ((b.deleted_at IS NULL AND b.consolidation_id IS NULL)
            OR last.at IS NULL OR b.updated_at > last.at OR b.deleted_at > last.at)
      ) AS settled`,
  ))!.settled;
}

/** The room's unpaid transactions: who pays whom. */
export function selectUnpaidPairs(
  db: Runner,
  roomId: string,
): Promise<{ id: number; payer_id: number; payee_id: number }[]> {
  return rows<{ id: number; payer_id: number; payee_id: number }>(
    db,
    sql`SELECT id, payer_id, payee_id FROM transactions WHERE room_id = ${roomId} AND status = 'unpaid'`,
  );
}

export type RoundRow = {
  id: number;
  created_at: string;
  created_by: number;
  total: number;
  bill_ids: number[];
};

/** The room's Settle ups, newest first: those before the round `before`, at most `limit` (all without). */
export function selectRounds(
  db: Runner,
  roomId: string,
  before: number | undefined,
  limit: number | undefined,
): Promise<RoundRow[]> {
  return rows<RoundRow>(
    db,
    sql`
    SELECT c.id, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, c.created_by,
      COALESCE((SELECT sum(b.amount_minor) FROM bills b WHERE b.consolidation_id = c.id), 0)::bigint::float8 AS total,
      COALESCE((SELECT array_agg(b.id ORDER BY b.id) FROM bills b WHERE b.consolidation_id = c.id), '{}') AS bill_ids
    FROM consolidations c WHERE c.room_id = ${roomId} AND c.kind = 'round' ${before === undefined ? sql`` : sql`AND c.id < ${before}`}
    ORDER BY c.id DESC ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`,
  );
}

/** How many Settle ups the room made up to the round `id`, that one included. */
export async function roundsUpTo(db: Runner, roomId: string, id: number): Promise<number> {
  return (await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM consolidations WHERE room_id = ${roomId} AND kind = 'round' AND id <= ${id}`,
  ))!.n;
}

/** The transactions of the room's rounds `roundIds` (of all its rounds without), by round newest first. */
export function selectRoundTransactions(
  db: Runner,
  viewerId: number,
  roomId: string,
  roundIds: readonly number[] | undefined,
): Promise<Transaction[]> {
  return selectTransactions(
    db,
    viewerId,
    roundIds
      ? sql`t.room_id = ${roomId} AND t.consolidation_id = ANY(${intArray(roundIds)})`
      : sql`t.room_id = ${roomId}`,
    sql`t.consolidation_id DESC, t.id`,
  );
}
