import { sql } from 'drizzle-orm';
import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { CursorQuery, Transaction } from '@outing/contract';
import { isoTimestamp } from '../../db/timestamps.js';
import { conflict, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit, usTimestamp, wantsPage } from '../../lib/cursor.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, readResolved, storeNotifications } from '../notifications/service.js';
import { handlesLine } from '../payments/service.js';
import type { BillsContext, Me } from './access.js';
import { selectTransactions } from './queries.js';

const REMINDER_WINDOW = '1 hour';

/**
 * The caller's transactions: unpaid newest first, paid by paidOn newest first; with `status`, only those of that
 * status. With `limit`/`cursor`
 * (docs/pagination.md), a keyset page on (that time, id) and its `nextCursor`; without, all of them as before.
 */
export async function listTransactions(
  ctx: BillsContext,
  me: Me,
  isPaid: boolean,
  q: CursorQuery & { status?: Transaction['status'] } = {},
): Promise<{ transactions: Transaction[]; nextCursor?: string | null }> {
  // With `status`, only those: what awaits confirmation is a handful, read from its own partial indexes (0015).
  const mine = sql`(t.payer_id = ${me.id} OR t.payee_id = ${me.id}) AND t.is_paid = ${isPaid}${
    q.status ? sql` AND t.status = ${q.status}` : sql``
  }`;
  if (!wantsPage(q))
    return {
      transactions: await selectTransactions(
        ctx.db,
        me.id,
        mine,
        isPaid ? sql`t.paid_on DESC, t.id DESC` : sql`t.created_at DESC, t.id DESC`,
      ),
    };
  // A paid transaction always has its paidOn; the coalesce keeps the key total all the same.
  const key = isPaid ? sql`coalesce(t.paid_on, t.created_at)` : sql`t.created_at`;
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'transactions') : undefined;
  const limit = pageLimit(q);
  const rows = await selectTransactions(
    ctx.db,
    me.id,
    before ? sql`${mine} AND (${key}, t.id) < (${usTimestamp(before[0])}, ${before[1]}::int)` : mine,
    sql`${key} DESC, t.id DESC`,
    { key, limit: limit + 1 },
  );
  const { page, nextCursor } = keysetPage(rows, limit, (t) => [t.keyUs!, t.id]);
  return { transactions: page.map(({ keyUs: _, ...t }) => t), nextCursor };
}

/** How long after settling the payer may take it back (api-contract §10.5). */
export const UNDO_WINDOW = '10 minutes';

type Change = {
  /** Who may make it: the payer or the payee (403 for the other side and for anyone else). */
  by: 'payer' | 'payee';
  /** The conditional update: of any number of concurrent changes each 200 took effect in a serial order. */
  set: ReturnType<typeof sql>;
  when: ReturnType<typeof sql>;
  conflict: string;
  action: (from: Transaction['status']) => 'settled' | 'undone' | 'confirmed' | 'received' | 'disputed';
  /** The kind of the notification the other side gets. */
  kind: 'transaction_paid' | 'transaction_undone' | 'transaction_confirmed' | 'transaction_disputed';
  notice: (t: Transaction, money: string) => { title: string; content: string };
};

const changes = {
  settle: {
    by: 'payer',
    set: sql`status = 'paid', is_paid = true, paid_on = now()`,
    when: sql`status = 'unpaid'`,
    conflict: 'This transaction is already settled.',
    action: () => 'settled',
    kind: 'transaction_paid',
    notice: (t, money) => ({ title: 'Settled', content: `${t.payer.username} paid you ${money}!` }),
  },
  undo: {
    by: 'payer',
    set: sql`status = 'unpaid', is_paid = false, paid_on = NULL`,
    when: sql`status = 'paid' AND paid_on > now() - interval '${sql.raw(UNDO_WINDOW)}'`,
    conflict: 'This payment can no longer be undone.',
    action: () => 'undone',
    kind: 'transaction_undone',
    notice: (t, money) => ({
      title: 'Payment undone',
      content: `${t.payer.username} took back the ${money} they marked as paid for ${t.roomName}.`,
    }),
  },
  confirm: {
    by: 'payee',
    // Straight from unpaid is cash in hand: it was paid at the same moment.
    set: sql`status = 'confirmed', is_paid = true, paid_on = COALESCE(paid_on, now()), confirmed_on = now()`,
    when: sql`status IN ('unpaid', 'paid')`,
    conflict: 'This payment is already confirmed.',
    action: (from) => (from === 'unpaid' ? 'received' : 'confirmed'),
    kind: 'transaction_confirmed',
    notice: (t, money) => ({
      title: 'Payment confirmed',
      content: `${t.payee.username} confirmed receiving ${money} for ${t.roomName}.`,
    }),
  },
  dispute: {
    by: 'payee',
    set: sql`status = 'unpaid', is_paid = false, paid_on = NULL`,
    when: sql`status = 'paid'`,
    conflict: 'Only a payment marked as paid can be reported as not received.',
    action: () => 'disputed',
    kind: 'transaction_disputed',
    notice: (t, money) => ({
      title: 'Payment not received',
      content: `${t.payee.username} has not received the ${money} for ${t.roomName}. It is unpaid again.`,
    }),
  },
} satisfies Record<string, Change>;
export type TransactionChange = keyof typeof changes;

const forbiddenText: Record<TransactionChange, string> = {
  settle: 'Only the payer can settle this transaction.',
  undo: 'Only the payer can undo this payment.',
  confirm: 'Only the person being paid can confirm this payment.',
  dispute: 'Only the person being paid can report this payment as not received.',
};

/**
 * One step of a transaction's life (api-contract §7, §10.5) by its payer or payee: one conditional update, a history
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
  const [existing] = await selectTransactions(ctx.db, me.id, sql`t.id = ${transactionId}`);
  // A transaction that exists but is not yours is a 403 (api-contract §1 status rules, docs/security.md).
  if (!existing) throw notFound('Transaction not found.');
  const actor = change.by === 'payer' ? existing.payerId : existing.payeeId;
  if (actor !== me.id) throw forbidden(forbiddenText[kind]);
  const other = change.by === 'payer' ? existing.payeeId : existing.payerId;
  const { pending, status } = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ amount_cents: number; before: Transaction['status'] }>(sql`
      UPDATE transactions t SET ${change.set}
      FROM (SELECT id, status AS before FROM transactions WHERE id = ${transactionId} FOR UPDATE) old
      WHERE t.id = old.id AND ${change.when}
      RETURNING t.amount_cents, old.before`);
    if (rows.length === 0) throw conflict(change.conflict);
    const { amount_cents: minor, before } = rows[0]!;
    await tx.execute(sql`
      INSERT INTO transaction_events (transaction_id, actor_id, action)
      VALUES (${transactionId}, ${me.id}, ${change.action(before)})`);
    const notice = change.notice(existing, formatMoney(minor, existing.currency));
    // What the change settles is read now (the debt's notices once paid, the payment's once confirmed or disputed).
    const read = await readResolved(tx, { transactionId, userIds: [existing.payerId, existing.payeeId] });
    const stored = await storeNotifications(tx, [
      {
        userId: other,
        kind: change.kind,
        ...notice,
        url: `/room/${existing.roomId}`,
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
    const after = (
      await tx.execute<{ status: Transaction['status'] }>(
        sql`SELECT status FROM transactions WHERE id = ${transactionId}`,
      )
    ).rows[0]!.status;
    return { pending, status: after };
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
  return getTransaction(ctx, me, transactionId);
}

/** Only the payer; of any number of simultaneous settles exactly one succeeds. */
export function settleTransaction(ctx: BillsContext, me: Me, transactionId: number): Promise<Transaction> {
  return changeTransaction(ctx, me, transactionId, 'settle');
}

/** `GET /transactions/{id}`: its payer or payee; with its history and the bills it comes from. */
export async function getTransaction(ctx: BillsContext, me: Me, transactionId: number): Promise<Transaction> {
  const [t] = await selectTransactions(ctx.db, me.id, sql`t.id = ${transactionId}`);
  if (!t) throw notFound('Transaction not found.');
  if (t.payerId !== me.id && t.payeeId !== me.id) throw forbidden('This transaction is not yours.');
  const [{ rows: history }, { rows: bills }] = await Promise.all([
    ctx.db.execute<{
      action: NonNullable<Transaction['history']>[number]['action'];
      actor_id: number;
      at: string;
    }>(sql`
      SELECT action, actor_id, created_at AS at FROM transaction_events
      WHERE transaction_id = ${transactionId} ORDER BY id`),
    ctx.db.execute<{ bill_id: number; name: string; amount_minor: number }>(sql`
      SELECT tb.bill_id, b.name, tb.amount_minor FROM transaction_bills tb JOIN bills b ON b.id = tb.bill_id
      WHERE tb.transaction_id = ${transactionId} ORDER BY tb.bill_id`),
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

/**
 * The reminder (api-contract §4, safety): only the payee of an unpaid transaction may remind its payer, at most
 * once an hour per pair. Stored and delivered like every notification. Its text is the client's, followed by what
 * is owed for which room (formatted in each room's currency) and how to pay the payee (their payment handles: the
 * payer owes them money, so may see them; issue #19).
 */
export async function remind(ctx: BillsContext, me: Me, payerId: number, title: string, content: string) {
  const pending = await ctx.db.transaction(async (tx) => {
    const { rows: owed } = await tx.execute<{
      room_name: string;
      currency: string;
      minor: string;
      ids: number[];
    }>(sql`
      SELECT r.name AS room_name, r.currency, sum(t.amount_cents)::text AS minor, array_agg(t.id ORDER BY t.id) AS ids
      FROM transactions t JOIN rooms r ON r.id = t.room_id
      WHERE t.payee_id = ${me.id} AND t.payer_id = ${payerId} AND NOT t.is_paid
      GROUP BY r.id, r.name, r.currency ORDER BY min(t.created_at)`);
    if (owed.length === 0) throw forbidden('You can only remind someone who owes you money.');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reminder:${me.id}:${payerId}`}))`);
    const { rows: recent } = await tx.execute<{ wait: number }>(sql`
      SELECT extract(epoch FROM max(created_at) + interval '${sql.raw(REMINDER_WINDOW)}' - now())::float8 AS wait
      FROM reminders WHERE payee_id = ${me.id} AND payer_id = ${payerId} AND created_at > now() - interval '${sql.raw(REMINDER_WINDOW)}'`);
    const wait = recent[0]?.wait;
    if (wait && wait > 0) throw tooMany('You already reminded them in the last hour.', wait);
    await tx.execute(sql`INSERT INTO reminders (payee_id, payer_id) VALUES (${me.id}, ${payerId})`);
    const text = [content, await reminderContext(ctx, me, owed)].join('\n').slice(0, 1000);
    return storeNotifications(tx, [
      {
        userId: payerId,
        kind: 'payment_reminder',
        title,
        content: text,
        // Home: its To Pay list has every debt the reminder is about, whatever the room.
        url: '/',
        transactionIds: owed.flatMap((o) => o.ids),
        actorId: me.id,
        params: { username: me.username },
      },
    ]);
  });
  deliver(ctx.events, pending);
  // A reminder is stored whatever the payer's preferences say (kinds.ts, NOTIFY_EXEMPT).
  const [stored] = pending;
  if (!stored || !('notification' in stored)) throw new Error('the reminder was not stored');
  return stored.notification;
}

async function reminderContext(
  ctx: BillsContext,
  me: Me,
  owed: { room_name: string; currency: string; minor: string }[],
): Promise<string> {
  const parts = owed.slice(0, 5).map((o) => `${formatMoney(Number(o.minor), o.currency)} for ${o.room_name}`);
  const more = owed.length > 5 ? ` and ${owed.length - 5} more` : '';
  const handles = await handlesLine({ db: ctx.db }, me.id);
  return [
    `You owe ${me.username} ${parts.join(', ')}${more}.`,
    ...(handles ? [`Pay with ${handles}.`] : []),
  ].join('\n');
}
