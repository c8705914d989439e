import { sql } from 'drizzle-orm';
import type { PaymentKind, PaymentMethod } from '@outing/contract';
import type { Runner, Tx } from '../rooms/queries.js';

/** SQL of the payments feature. Handles are read by their owner, or for the payer of an unpaid transaction. */

type MethodRow = { kind: PaymentKind; value: string; name: string | null };

export async function selectMethods(db: Runner, userId: number): Promise<PaymentMethod[]> {
  const { rows } = await db.execute<MethodRow>(sql`
    SELECT kind, value, name FROM payment_methods WHERE user_id = ${userId} ORDER BY position`);
  return rows.map((r) => ({ kind: r.kind, value: r.value, ...(r.name ? { name: r.name } : {}) }));
}

/** Replaces the whole list; concurrent replacements of one user's list queue on a lock (the last one wins). */
export async function replaceMethods(tx: Tx, userId: number, list: readonly PaymentMethod[]) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payment_methods:${userId}`}))`);
  await tx.execute(sql`DELETE FROM payment_methods WHERE user_id = ${userId}`);
  if (list.length === 0) return;
  // One parameter (drizzle would spread a JS array into a list of parameters).
  await tx.execute(sql`
    INSERT INTO payment_methods (user_id, position, kind, value, name)
    SELECT ${userId}, (t.ord - 1)::smallint, t.m->>'kind', t.m->>'value', t.m->>'name'
    FROM jsonb_array_elements(${JSON.stringify(list)}::jsonb) WITH ORDINALITY AS t(m, ord)`);
}

export type PayableRow = {
  payer_id: number;
  payee_id: number;
  amount_minor: number;
  is_paid: boolean;
  currency: string;
  room_name: string;
  payee_username: string;
};

export async function selectPayable(db: Runner, transactionId: number): Promise<PayableRow | undefined> {
  const { rows } = await db.execute<PayableRow>(sql`
    SELECT t.payer_id, t.payee_id, t.amount_minor, t.is_paid, r.currency, r.name AS room_name,
      e.username AS payee_username
    FROM transactions t JOIN rooms r ON r.id = t.room_id JOIN users e ON e.id = t.payee_id
    WHERE t.id = ${transactionId}`);
  return rows[0];
}
