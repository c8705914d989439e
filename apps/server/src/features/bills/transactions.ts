import { sql } from 'drizzle-orm';
import type { Transaction } from '@outing/contract';
import { conflict, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, storeNotifications } from '../notifications/service.js';
import type { BillsContext, Me } from './access.js';
import { selectTransactions } from './queries.js';

const REMINDER_WINDOW = '1 hour';

export function listTransactions(ctx: BillsContext, me: Me, isPaid: boolean): Promise<Transaction[]> {
  return selectTransactions(
    ctx.db,
    me.id,
    sql`(t.payer_id = ${me.id} OR t.payee_id = ${me.id}) AND t.is_paid = ${isPaid}`,
    isPaid ? sql`t.paid_on DESC, t.id DESC` : sql`t.created_at DESC, t.id DESC`,
  );
}

/** Only the payer; one conditional update, so of any number of simultaneous settles exactly one succeeds. */
export async function settleTransaction(
  ctx: BillsContext,
  me: Me,
  transactionId: number,
): Promise<Transaction> {
  const [existing] = await selectTransactions(ctx.db, me.id, sql`t.id = ${transactionId}`);
  // A transaction that exists but is not yours is a 403 (api-contract §1 status rules, docs/security.md).
  if (!existing) throw notFound('Transaction not found.');
  if (existing.payerId !== me.id) throw forbidden('Only the payer can settle this transaction.');
  const pending = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ amount_cents: number }>(sql`
      UPDATE transactions SET is_paid = true, paid_on = now() WHERE id = ${transactionId} AND is_paid = false
      RETURNING amount_cents`);
    const currency = existing.currency;
    if (rows.length === 0) throw conflict('This transaction is already settled.');
    return storeNotifications(tx, [
      {
        userId: existing.payeeId,
        title: 'Settled',
        content: `${existing.payer.username} paid you ${formatMoney(rows[0]!.amount_cents, currency)}!`,
        url: '/profile',
      },
    ]);
  });
  deliver(ctx.events, pending);
  await ctx.hub.toUsers([existing.payerId, existing.payeeId], {
    type: 'TRANSACTION_SETTLED',
    data: { transactionId, roomId: existing.roomId },
  });
  const [settled] = await selectTransactions(ctx.db, me.id, sql`t.id = ${transactionId}`);
  return settled!;
}

/**
 * The reminder (api-contract §4, safety): only the payee of an unpaid transaction may remind its payer, at most
 * once an hour per pair. Stored and delivered like every notification.
 */
export async function remind(ctx: BillsContext, me: Me, payerId: number, title: string, content: string) {
  const pending = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      SELECT 1 FROM transactions WHERE payee_id = ${me.id} AND payer_id = ${payerId} AND is_paid = false LIMIT 1`);
    if (rows.length === 0) throw forbidden('You can only remind someone who owes you money.');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reminder:${me.id}:${payerId}`}))`);
    const { rows: recent } = await tx.execute<{ wait: number }>(sql`
      SELECT extract(epoch FROM max(created_at) + interval '${sql.raw(REMINDER_WINDOW)}' - now())::float8 AS wait
      FROM reminders WHERE payee_id = ${me.id} AND payer_id = ${payerId} AND created_at > now() - interval '${sql.raw(REMINDER_WINDOW)}'`);
    const wait = recent[0]?.wait;
    if (wait && wait > 0) throw tooMany('You already reminded them in the last hour.', wait);
    await tx.execute(sql`INSERT INTO reminders (payee_id, payer_id) VALUES (${me.id}, ${payerId})`);
    return storeNotifications(tx, [{ userId: payerId, title, content, url: '/' }]);
  });
  deliver(ctx.events, pending);
  return pending[0]!.notification;
}
