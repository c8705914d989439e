import type { PaymentMethod, PaymentMethodInput, PaymentOption } from '@outing/contract';
import { paymentOptions } from '@outing/payments';
import type { Db } from '../../db/pool.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { replaceMethods, selectMethods, selectPayable } from './queries.js';
import { checkPaymentMethods } from './validate.js';

export type PaymentsContext = { db: Db };

export function getPaymentMethods(ctx: PaymentsContext, userId: number): Promise<PaymentMethod[]> {
  return selectMethods(ctx.db, userId);
}

/** Checks and normalises the whole list (400 naming every bad field), then replaces the stored one. */
export async function setPaymentMethods(
  ctx: PaymentsContext,
  userId: number,
  input: readonly PaymentMethodInput[],
): Promise<PaymentMethod[]> {
  const list = checkPaymentMethods(input);
  await ctx.db.transaction((tx) => replaceMethods(tx, userId, list));
  return list;
}

/**
 * The payee's handles, ready to pay: only for the payer, only while the transaction is unpaid (docs/api/README.md#payments).
 * A transaction that exists is a 403 to anyone else, as for settling (docs/security.md, "403 or 404").
 */
export async function transactionPaymentOptions(
  ctx: PaymentsContext,
  meId: number,
  transactionId: number,
): Promise<PaymentOption[]> {
  const t = await selectPayable(ctx.db, transactionId);
  if (!t) throw notFound('Transaction not found.', 'TRANSACTION_NOT_FOUND');
  if (t.payer_id !== meId)
    throw forbidden('Only the payer can see how to pay this transaction.', 'NOT_PAYER');
  if (t.is_paid) throw forbidden('This transaction is already paid.', 'ALREADY_PAID');
  return paymentOptions({
    methods: await selectMethods(ctx.db, t.payee_id),
    amountMinor: t.amount_minor,
    currency: t.currency,
    roomName: t.room_name,
    payeeName: t.payee_username,
  });
}
