import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { CursorQuery, ErrorReason, Transaction } from '@outing/contract';
import { isoTimestamp } from '../../db/timestamps.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit, wantsPage } from '../../lib/cursor.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, readResolved, storeNotifications } from '../notifications/service.js';
import { lockRoom } from '../rooms/queries.js';
import { ledgerChanged, reconcile, recordActivity } from './ledger.js';
import type { BillsContext, Me } from './access.js';
import {
  applyStep,
  insertTransactionEvent,
  selectMyTransactions,
  selectTransactionBills,
  selectTransactionById,
  selectTransactionHistory,
  transactionExists,
  transactionStatus,
  type TransactionChange,
} from './queries-transactions.js';

export { UNDO_WINDOW, type TransactionChange } from './queries-transactions.js';

/**
 * The caller's transactions: unpaid newest first, paid by paidOn newest first; with `status`, only those of that
 * status. With `limit`/`cursor`
 * (docs/pagination.md), a keyset page on (that time, id) and its `nextCursor`; without, all of them as before.
 */
export async function listTransactions(
  ctx: BillsContext,
  me: Me,
  isPaid: boolean,
  q: CursorQuery & { status?: Transaction['status']; role?: 'payer' | 'payee' } = {},
): Promise<{ transactions: Transaction[]; nextCursor?: string | null }> {
  const f = { isPaid, status: q.status, role: q.role };
  if (!wantsPage(q)) return { transactions: await selectMyTransactions(ctx.db, me.id, f) };
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'transactions') : undefined;
  const limit = pageLimit(q);
  const rows = await selectMyTransactions(ctx.db, me.id, f, { before, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (t) => [t.keyUs!, t.id]);
  return { transactions: page.map(({ keyUs: _, ...t }) => t), nextCursor };
}

type Change = {
  /** Who may make it: the payer or the payee (403 for the other side and for anyone else). */
  by: 'payer' | 'payee';
  conflict: string;
  /** The reason of the 409 when the transaction is not in a state the change starts from. */
  conflictReason: ErrorReason;
  action: (from: Transaction['status']) => 'settled' | 'undone' | 'confirmed' | 'received' | 'disputed';
  /** The kind of the notification the other side gets. */
  kind: 'transaction_paid' | 'transaction_undone' | 'transaction_confirmed' | 'transaction_disputed';
  notice: (t: Transaction, money: string) => { title: string; content: string };
};

const changes = {
  settle: {
    by: 'payer',
    conflict: 'This transaction is already settled.',
    conflictReason: 'ALREADY_SETTLED',
    action: () => 'settled',
    kind: 'transaction_paid',
    notice: (t, money) => ({
      title: 'Payment to confirm',
      content: `${t.payer.username} says they paid you ${money} for ${t.roomName}. Confirm it when it arrives.`,
    }),
  },
  undo: {
    by: 'payer',
    conflict: 'This payment can no longer be undone.',
    conflictReason: 'UNDO_TOO_LATE',
    action: () => 'undone',
    kind: 'transaction_undone',
    notice: (t, money) => ({
      title: 'Payment undone',
      content: `${t.payer.username} took back the ${money} they marked as paid for ${t.roomName}.`,
    }),
  },
  confirm: {
    by: 'payee',
    conflict: 'This payment is already confirmed.',
    conflictReason: 'ALREADY_CONFIRMED',
    action: (from) => (from === 'unpaid' ? 'received' : 'confirmed'),
    kind: 'transaction_confirmed',
    notice: (t, money) => ({
      title: 'Payment confirmed',
      content: `${t.payee.username} confirmed receiving ${money} for ${t.roomName}.`,
    }),
  },
  dispute: {
    by: 'payee',
    conflict: 'Only a payment marked as paid can be reported as not received.',
    conflictReason: 'NOT_MARKED_PAID',
    action: () => 'disputed',
    kind: 'transaction_disputed',
    notice: (t, money) => ({
      title: 'Payment not received',
      content: `${t.payee.username} says the ${money} for ${t.roomName} has not arrived. It is owed again.`,
    }),
  },
} satisfies Record<TransactionChange, Change>;

const forbiddenText: Record<TransactionChange, string> = {
  settle: 'Only the payer can settle this transaction.',
  undo: 'Only the payer can undo this payment.',
  confirm: 'Only the person being paid can confirm this payment.',
  dispute: 'Only the person being paid can report this payment as not received.',
};

/**
 * One step of a transaction's life (docs/api/README.md#settling) by its payer or payee: one conditional update, a history
 * line and a notification to the other side in the same database transaction, then the socket frames. Exactly one of
 * any number of concurrent changes that the rules allow succeeds; the others are 409.
 */
export async function changeTransaction(
  ctx: BillsContext,
  me: Me,
  transactionId: number,
  kind: TransactionChange,
): Promise<Transaction> {
  const change: Change = changes[kind];
  const existing = await selectTransactionById(ctx.db, me.id, transactionId);
  // A transaction that exists but is not yours is a 403 (docs/api/README.md#status-rules, docs/security.md).
  if (!existing) throw notFound('Transaction not found.', 'TRANSACTION_NOT_FOUND');
  const actor = change.by === 'payer' ? existing.payerId : existing.payeeId;
  if (actor !== me.id)
    throw forbidden(forbiddenText[kind], change.by === 'payer' ? 'NOT_PAYER' : 'NOT_PAYEE');
  const other = change.by === 'payer' ? existing.payeeId : existing.payerId;
  const { pending, status, ledger } = await ctx.db.transaction(async (tx) => {
    // The room first, as every change to its ledger (bills/ledger.ts): they are serial, and its unpaid
    // transactions are brought to its fewest transfers after this one.
    await lockRoom(tx, existing.roomId);
    // A debt the ledger no longer has (its pair settled or turned around meanwhile) is gone: 404, not a conflict.
    if (!(await transactionExists(tx, transactionId)))
      throw notFound('Transaction not found.', 'TRANSACTION_NOT_FOUND');
    const stepped = await applyStep(tx, transactionId, kind);
    if (!stepped) throw conflict(change.conflict, change.conflictReason);
    const { amount_minor: minor, before } = stepped;
    await insertTransactionEvent(tx, transactionId, me.id, change.action(before));
    const notice = change.notice(existing, formatMoney(minor, existing.currency));
    // What the change settles is read now (the debt's notices once paid, the payment's once confirmed or disputed).
    const read = await readResolved(tx, { transactionId, userIds: [existing.payerId, existing.payeeId] });
    const stored = await storeNotifications(tx, [
      {
        userId: other,
        kind: change.kind,
        ...notice,
        // Where the next action is: a payment to confirm is confirmed from Home's "Waiting for you to confirm";
        // the rest (pay again after a dispute or an undo, see what was confirmed) from the room's money.
        url: change.kind === 'transaction_paid' ? '/' : `/room/${existing.roomId}`,
        roomId: existing.roomId,
        transactionIds: [transactionId],
        actorId: me.id,
        params: {
          username: me.id === existing.payerId ? existing.payer.username : existing.payee.username,
          roomName: existing.roomName,
          amount: existing.amount,
          currency: existing.currency,
        },
      },
    ]);
    const pending = [...read, ...stored];
    const after = await transactionStatus(tx, transactionId);
    await recordActivity(tx, {
      roomId: existing.roomId,
      actorId: me.id,
      kind: activityOf[change.action(before)],
      transactionId,
    });
    // A payment disputed or undone leaves the ledger at once; a debt paid or received leaves it owed no more.
    const ledger = await reconcile(tx, existing.roomId, me.id);
    return { pending, status: after, ledger };
  });
  deliver(ctx.events, pending);
  const people = [existing.payerId, existing.payeeId];
  if (kind === 'settle')
    await ctx.hub.toUsers(people, {
      type: 'TRANSACTION_SETTLED',
      data: { transactionId, roomId: existing.roomId },
    });
  await ctx.hub.toUsers(people, {
    type: 'TRANSACTION_UPDATED',
    data: { transactionId, roomId: existing.roomId, status },
  });
  await ledgerChanged(ctx, existing.roomId, ledger);
  if (!ledger.removed.includes(transactionId)) return getTransaction(ctx, me, transactionId);
  // Disputed or undone while the pair already had an unpaid transaction (or no longer owes): that one carries the
  // debt now (the pair keeps one unpaid transaction); this answer is the pair's, else the change as it was made.
  const pair = ledger.unpaid.find((u) => u.payerId === existing.payerId && u.payeeId === existing.payeeId);
  if (pair) return getTransaction(ctx, me, pair.id);
  return { ...existing, status: 'unpaid', isPaid: false, paidOn: null, confirmedOn: null };
}

const activityOf = {
  settled: 'payment_recorded',
  received: 'payment_received',
  confirmed: 'payment_confirmed',
  disputed: 'payment_disputed',
  undone: 'payment_undone',
} as const;

/** Only the payer; of any number of simultaneous settles exactly one succeeds. */
export function settleTransaction(ctx: BillsContext, me: Me, transactionId: number): Promise<Transaction> {
  return changeTransaction(ctx, me, transactionId, 'settle');
}

/** `GET /transactions/{id}`: its payer or payee; with its history and the bills it comes from. */
export async function getTransaction(ctx: BillsContext, me: Me, transactionId: number): Promise<Transaction> {
  const t = await selectTransactionById(ctx.db, me.id, transactionId);
  if (!t) throw notFound('Transaction not found.', 'TRANSACTION_NOT_FOUND');
  if (t.payerId !== me.id && t.payeeId !== me.id)
    throw forbidden('This transaction is not yours.', 'TRANSACTION_NOT_YOURS');
  const [history, bills] = await Promise.all([
    selectTransactionHistory(ctx.db, transactionId),
    selectTransactionBills(ctx.db, transactionId),
  ]);
  const exponent = currencyExponent(t.currency);
  return {
    ...t,
    history: history.map((h) => ({ action: h.action, actorId: h.actor_id, at: isoTimestamp(h.at) })),
    bills: bills.map((b) => ({
      billId: b.bill_id,
      name: b.name,
      amount: minorToAmount(b.amount_minor, exponent),
    })),
  };
}
