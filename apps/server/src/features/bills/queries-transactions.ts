import { sql } from 'drizzle-orm';
import type { Transaction } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import { usTimestamp } from '../../lib/cursor.js';
import type { Runner } from '../rooms/queries.js';
import { intArray, selectTransactions } from './queries.js';

// Transactions and payments (decision 023's queries-<topic>.ts; transactions.ts, record-payment.ts and
// payment-reminders.ts say what they are for): the caller's lists, a transaction's steps and history, a recorded
// payment, the debts a settle-with pays, and the payee's reminders.

/** A transaction as `viewerId` sees it (its payer, its payee or anyone: the caller checks who may read it). */
export async function selectTransactionById(
  db: Runner,
  viewerId: number,
  transactionId: number,
): Promise<Transaction | undefined> {
  return (await selectTransactions(db, viewerId, sql`t.id = ${transactionId}`))[0];
}

/** The transactions `ids`, by id. Through `selectTransactions` (a prepared statement by text), as before. */
export function selectTransactionsByIds(
  db: Runner,
  viewerId: number,
  ids: readonly number[],
): Promise<Transaction[]> {
  return selectTransactions(db, viewerId, sql`t.id = ANY(${intArray(ids)})`);
}

/**
 * The caller's transactions, paid or unpaid, of one status, one side (`role`) or both: unpaid newest first, paid
 * by paidOn newest first. With `page`, those before its cursor's (time, id), `limit` of them, each with its key.
 */
export function selectMyTransactions(
  db: Runner,
  userId: number,
  f: { isPaid: boolean; status?: Transaction['status']; role?: 'payer' | 'payee' },
  page?: { before?: readonly [string, number]; limit: number },
): Promise<(Transaction & { keyUs?: string })[]> {
  // With `status`, only those: what awaits confirmation is a handful, read from its own partial indexes (0015).
  // With `role`, one side: a page of it is a range of that side's index (payer_id or payee_id, is_paid, created_at).
  const side =
    f.role === 'payer'
      ? sql`t.payer_id = ${userId}`
      : f.role === 'payee'
        ? sql`t.payee_id = ${userId}`
        : sql`(t.payer_id = ${userId} OR t.payee_id = ${userId})`;
  const mine = sql`${side} AND t.is_paid = ${f.isPaid}${f.status ? sql` AND t.status = ${f.status}` : sql``}`;
  if (!page)
    return selectTransactions(
      db,
      userId,
      mine,
      f.isPaid ? sql`t.paid_on DESC, t.id DESC` : sql`t.created_at DESC, t.id DESC`,
    );
  // A paid transaction always has its paidOn; the coalesce keeps the key total all the same.
  const key = f.isPaid ? sql`coalesce(t.paid_on, t.created_at)` : sql`t.created_at`;
  const { before } = page;
  return selectTransactions(
    db,
    userId,
    before ? sql`${mine} AND (${key}, t.id) < (${usTimestamp(before[0])}, ${before[1]}::int)` : mine,
    sql`${key} DESC, t.id DESC`,
    { key, limit: page.limit },
  );
}

/** How long after settling the payer may take it back (docs/api/README.md#settling). */
export const UNDO_WINDOW = '10 minutes';

/**
 * The steps of a transaction's life (transactions.ts `changes`): what each sets, and the states it starts from.
 * Of any number of concurrent steps, each that took effect did so in a serial order (a conditional update).
 */
const steps = {
  settle: {
    set: sql`status = 'paid', is_paid = true, paid_on = now()`,
    when: sql`status = 'unpaid'`,
  },
  undo: {
    set: sql`status = 'unpaid', is_paid = false, paid_on = NULL`,
    when: sql`status = 'paid' AND paid_on > now() - interval '${sql.raw(UNDO_WINDOW)}'`,
  },
  confirm: {
    // Straight from unpaid is cash in hand: it was paid at the same moment.
    set: sql`status = 'confirmed', is_paid = true, paid_on = COALESCE(paid_on, now()), confirmed_on = now()`,
    when: sql`status IN ('unpaid', 'paid')`,
  },
  dispute: {
    set: sql`status = 'unpaid', is_paid = false, paid_on = NULL`,
    when: sql`status = 'paid'`,
  },
};
export type TransactionChange = keyof typeof steps;

export async function transactionExists(db: Runner, transactionId: number): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM transactions WHERE id = ${transactionId}`)).length > 0;
}

/**
 * The step, on the transaction's row lock: its amount and its status before, or undefined when it was not in a
 * state the step starts from.
 */
export function applyStep(
  db: Runner,
  transactionId: number,
  kind: TransactionChange,
): Promise<{ amount_minor: number; before: Transaction['status'] } | undefined> {
  const step = steps[kind];
  return row<{ amount_minor: number; before: Transaction['status'] }>(
    db,
    sql`
      UPDATE transactions t SET ${step.set}
      FROM (SELECT id, status AS before FROM transactions WHERE id = ${transactionId} FOR UPDATE) old
      WHERE t.id = old.id AND ${step.when}
      RETURNING t.amount_minor, old.before`,
  );
}

export type TransactionAction = NonNullable<Transaction['history']>[number]['action'];

/** A line of the transaction's history. */
export async function insertTransactionEvent(
  db: Runner,
  transactionId: number,
  actorId: number,
  action: TransactionAction,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO transaction_events (transaction_id, actor_id, action)
    VALUES (${transactionId}, ${actorId}, ${action})`);
}

export async function transactionStatus(db: Runner, transactionId: number): Promise<Transaction['status']> {
  return (await row<{ status: Transaction['status'] }>(
    db,
    sql`SELECT status FROM transactions WHERE id = ${transactionId}`,
  ))!.status;
}

export type TransactionEventRow = { action: TransactionAction; actor_id: number; at: string };

/** The transaction's history, oldest first. */
export function selectTransactionHistory(db: Runner, transactionId: number): Promise<TransactionEventRow[]> {
  return rows<TransactionEventRow>(
    db,
    sql`
      SELECT action, actor_id, created_at AS at FROM transaction_events
      WHERE transaction_id = ${transactionId} ORDER BY id`,
  );
}

export type TransactionBillRow = { bill_id: number; name: string; amount_minor: number };

/** The bills the transaction comes from, by bill id. */
export function selectTransactionBills(db: Runner, transactionId: number): Promise<TransactionBillRow[]> {
  return rows<TransactionBillRow>(
    db,
    sql`
      SELECT tb.bill_id, b.name, tb.amount_minor FROM transaction_bills tb JOIN bills b ON b.id = tb.bill_id
      WHERE tb.transaction_id = ${transactionId} ORDER BY tb.bill_id`,
  );
}

// Payments (record-payment.ts).

/** A recorded payment: `paid` by the payer, `confirmed` at once by the payee; its id. */
export async function insertPayment(
  db: Runner,
  ledgerId: number,
  p: { roomId: string; payerId: number; payeeId: number; minor: number; note: string },
  byPayer: boolean,
): Promise<number> {
  return (await row<{ id: number }>(
    db,
    sql`
    INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_minor, is_paid, paid_on, status,
      confirmed_on, note)
    VALUES (${ledgerId}, ${p.roomId}, ${p.payerId}, ${p.payeeId}, ${p.minor}, true, now(),
      ${byPayer ? 'paid' : 'confirmed'}, ${byPayer ? null : sql`now()`}, ${p.note})
    RETURNING id`,
  ))!.id;
}

/** The usernames of the payer and the payee. */
export function pairUsernames(
  db: Runner,
  payerId: number,
  payeeId: number,
): Promise<{ id: number; username: string }[]> {
  return rows<{ id: number; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE id IN (${payerId}, ${payeeId})`,
  );
}

export type DebtRow = { room_id: string; room_name: string; minor: number };

/** What `payerId` owes `payeeId` in the rooms of `currency`: the unpaid transactions, oldest room first. */
export function selectDebts(
  db: Runner,
  payerId: number,
  payeeId: number,
  currency: string,
): Promise<DebtRow[]> {
  return rows<DebtRow>(
    db,
    sql`
          SELECT t.room_id, r.name AS room_name, t.amount_minor AS minor
          FROM transactions t JOIN rooms r ON r.id = t.room_id
          WHERE t.payer_id = ${payerId} AND t.payee_id = ${payeeId} AND t.status = 'unpaid'
            AND r.currency = ${currency}
          ORDER BY r.created_at, r.id`,
  );
}

// Reminders (payment-reminders.ts).

/** At most one reminder an hour per pair. */
const REMINDER_WINDOW = '1 hour';

export type OwedRow = { room_name: string; currency: string; minor: string; ids: number[] };

/** What `payerId` owes `payeeId`, per room (minor units as text, the transactions' ids), oldest debt first. */
export function selectOwed(db: Runner, payeeId: number, payerId: number): Promise<OwedRow[]> {
  return rows<OwedRow>(
    db,
    sql`
      SELECT r.name AS room_name, r.currency, sum(t.amount_minor)::text AS minor, array_agg(t.id ORDER BY t.id) AS ids
      FROM transactions t JOIN rooms r ON r.id = t.room_id
      WHERE t.payee_id = ${payeeId} AND t.payer_id = ${payerId} AND NOT t.is_paid
      GROUP BY r.id, r.name, r.currency ORDER BY min(t.created_at)`,
  );
}

export async function isDeletedUser(db: Runner, userId: number): Promise<boolean> {
  return (
    (await rows(db, sql`SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NOT NULL`)).length > 0
  );
}

/** The pair's reminder lock, to the end of the transaction: two reminders at once are one after the other. */
export async function lockReminderPair(db: Runner, payeeId: number, payerId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reminder:${payeeId}:${payerId}`}))`);
}

/** Seconds until the pair may be reminded again; null when it was not reminded within the window. */
export async function reminderWait(
  db: Runner,
  payeeId: number,
  payerId: number,
): Promise<number | null | undefined> {
  return (
    await row<{ wait: number | null }>(
      db,
      sql`
      SELECT extract(epoch FROM max(created_at) + interval '${sql.raw(REMINDER_WINDOW)}' - now())::float8 AS wait
      FROM reminders WHERE payee_id = ${payeeId} AND payer_id = ${payerId} AND created_at > now() - interval '${sql.raw(REMINDER_WINDOW)}'`,
    )
  )?.wait;
}

export async function insertReminder(db: Runner, payeeId: number, payerId: number): Promise<void> {
  await db.execute(sql`INSERT INTO reminders (payee_id, payer_id) VALUES (${payeeId}, ${payerId})`);
}
