import { sql } from 'drizzle-orm';
import { settle } from '@outing/ledger';
import { formatMoney } from '../../lib/money.js';
import type { Runner } from '../rooms/queries.js';
import { roomMembers, type BillsContext } from './access.js';
import { insertActivity } from './queries-activity.js';

/**
 * One live ledger (docs/money.md): a room's ledger is all of its live bills (not deleted) and all of its payments
 * (transactions `paid` or `confirmed`). Everything here runs inside the transaction of the change, under the room's
 * lock (rooms/queries.ts lockRoom), so that changes to one room's ledger are serial.
 */

/** A member's sums in minor units: net = paid − owes + sent − received. */
export type MemberSums = { paid: number; owes: number; sent: number; received: number; net: number };

const intArray = (values: readonly number[]) => sql.raw(`ARRAY[${values.map(Number).join(',')}]::int[]`);

/** Every person with money in the room, with their sums (one row each, summed in SQL). */
export async function ledgerSums(db: Runner, roomId: string): Promise<Map<number, MemberSums>> {
  const { rows } = await db.execute<{
    user_id: number;
    paid: string;
    owes: string;
    sent: string;
    received: string;
  }>(sql`
    SELECT user_id, sum(paid)::text AS paid, sum(owes)::text AS owes, sum(sent)::text AS sent,
      sum(received)::text AS received
    FROM (
      SELECT b.owner_id AS user_id, b.amount_cents::bigint AS paid, 0::bigint AS owes, 0::bigint AS sent, 0::bigint AS received
      FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
      UNION ALL
      SELECT s.user_id, 0, s.amount_minor, 0, 0
      FROM bills b JOIN bill_shares s ON s.bill_id = b.id WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL
      UNION ALL
      SELECT t.payer_id, 0, 0, t.amount_cents, 0 FROM transactions t WHERE t.room_id = ${roomId} AND t.status <> 'unpaid'
      UNION ALL
      SELECT t.payee_id, 0, 0, 0, t.amount_cents FROM transactions t WHERE t.room_id = ${roomId} AND t.status <> 'unpaid'
    ) x GROUP BY user_id`);
  const sums = new Map<number, MemberSums>();
  for (const r of rows) {
    const [paid, owes, sent, received] = [r.paid, r.owes, r.sent, r.received].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    sums.set(r.user_id, { paid, owes, sent, received, net: paid - owes + sent - received });
  }
  return sums;
}

/** The fewest transfers that settle the room's ledger now (the rule of docs/api/README.md#fewest-transfers, deterministic). */
export function transfersOf(sums: ReadonlyMap<number, MemberSums>) {
  return settle(new Map([...sums].map(([id, s]) => [id, s.net]))).transfers;
}

/** The room's 'ledger' consolidation: what its live unpaid transactions and its recorded payments belong to. */
export async function ledgerConsolidation(db: Runner, roomId: string, actorId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH made AS (
      INSERT INTO consolidations (room_id, created_by, kind) VALUES (${roomId}, ${actorId}, 'ledger')
      ON CONFLICT (room_id) WHERE kind = 'ledger' DO NOTHING RETURNING id
    )
    SELECT id FROM made UNION ALL SELECT id FROM consolidations WHERE room_id = ${roomId} AND kind = 'ledger'`);
  return rows[0]!.id;
}

export type Reconciled = {
  /** The unpaid transactions now, one per pair: the room's fewest transfers. */
  unpaid: { id: number; payerId: number; payeeId: number; minor: number }[];
  /** Unpaid transactions that are gone (their pair has no transfer any more, or another row holds it). */
  removed: number[];
  /** Whether any unpaid transaction was added, changed or removed. */
  changed: boolean;
  sums: Map<number, MemberSums>;
};

/**
 * Brings the room's unpaid transactions to exactly its fewest transfers (docs/api/README.md#live-ledger, "One number everywhere"):
 * a pair's unpaid transaction keeps its id (the oldest, if a dispute or an undo left two) while the pair has a
 * transfer, its amount following the ledger; a pair without one loses it; a new pair gets one in the room's
 * ledger consolidation. Call under the room's lock, after the change, in the change's transaction.
 */
export async function reconcile(db: Runner, roomId: string, actorId: number): Promise<Reconciled> {
  const sums = await ledgerSums(db, roomId);
  const transfers = transfersOf(sums);
  const { rows: existing } = await db.execute<{
    id: number;
    payer_id: number;
    payee_id: number;
    amount_cents: number;
  }>(sql`
    SELECT id, payer_id, payee_id, amount_cents FROM transactions
    WHERE room_id = ${roomId} AND status = 'unpaid' ORDER BY id`);
  const byPair = new Map<string, (typeof existing)[number]>();
  const removed: number[] = [];
  for (const row of existing) {
    const key = `${row.payer_id}>${row.payee_id}`;
    if (byPair.has(key)) removed.push(row.id);
    else byPair.set(key, row);
  }
  const unpaid: Reconciled['unpaid'] = [];
  const updates: { id: number; minor: number }[] = [];
  const inserts: { from: number; to: number; minor: number }[] = [];
  const kept = new Set<string>();
  for (const t of transfers) {
    const key = `${t.from}>${t.to}`;
    kept.add(key);
    const row = byPair.get(key);
    if (row) {
      if (row.amount_cents !== t.cents) updates.push({ id: row.id, minor: t.cents });
      unpaid.push({ id: row.id, payerId: t.from, payeeId: t.to, minor: t.cents });
    } else inserts.push({ from: t.from, to: t.to, minor: t.cents });
  }
  for (const [key, row] of byPair) if (!kept.has(key)) removed.push(row.id);

  if (removed.length > 0)
    await db.execute(sql`DELETE FROM transactions WHERE id = ANY(${intArray(removed)})`);
  if (updates.length > 0) {
    const ledgerId = await ledgerConsolidation(db, roomId, actorId);
    await db.execute(sql`
      UPDATE transactions t SET amount_cents = u.minor, consolidation_id = ${ledgerId}
      FROM unnest(${intArray(updates.map((u) => u.id))}, ${intArray(updates.map((u) => u.minor))}) AS u(id, minor)
      WHERE t.id = u.id`);
    // A transfer's bills were those of the round that made it; its amount now follows the whole ledger.
    await db.execute(
      sql`DELETE FROM transaction_bills WHERE transaction_id = ANY(${intArray(updates.map((u) => u.id))})`,
    );
  }
  if (inserts.length > 0) {
    const ledgerId = await ledgerConsolidation(db, roomId, actorId);
    const { rows: made } = await db.execute<{ id: number; payer_id: number; payee_id: number }>(sql`
      INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents)
      SELECT ${ledgerId}, ${roomId}, f, t, c
      FROM unnest(${intArray(inserts.map((i) => i.from))}, ${intArray(inserts.map((i) => i.to))}, ${intArray(inserts.map((i) => i.minor))}) AS x(f, t, c)
      RETURNING id, payer_id, payee_id`);
    for (const m of made) {
      const minor = inserts.find((i) => i.from === m.payer_id && i.to === m.payee_id)!.minor;
      unpaid.push({ id: m.id, payerId: m.payer_id, payeeId: m.payee_id, minor });
    }
  }
  return {
    unpaid,
    removed,
    changed: removed.length + updates.length + inserts.length > 0,
    sums,
  };
}

export type ActivityKind =
  | 'bill_created'
  | 'bill_edited'
  | 'bill_deleted'
  | 'bill_restored'
  | 'payment_recorded'
  | 'payment_received'
  | 'payment_confirmed'
  | 'payment_disputed'
  | 'payment_undone'
  | 'member_joined'
  | 'member_left'
  | 'room_moved';

export type ActivityChange = { field: string; before: string | number | null; after: string | number | null };

/** One line of a room's activity (GET /rooms/{id}/activity), written in the change's transaction. */
export async function recordActivity(db: Runner, entry: Parameters<typeof insertActivity>[1]): Promise<void> {
  await insertActivity(db, entry);
}

/** Drains ledger_queue (migration 0020): each queued room's unpaid transactions brought to its ledger. */
export async function drainLedgerQueue(db: Runner): Promise<number> {
  const { rows } = await db.execute<{ room_id: string; host_id: number }>(sql`
    SELECT q.room_id, r.host_id FROM ledger_queue q JOIN rooms r ON r.id = q.room_id ORDER BY q.room_id`);
  for (const r of rows) {
    await db.execute(sql`SELECT 1 FROM rooms WHERE id = ${r.room_id} FOR UPDATE`);
    await reconcile(db, r.room_id, r.host_id);
    await db.execute(sql`DELETE FROM ledger_queue WHERE room_id = ${r.room_id}`);
  }
  return rows.length;
}

/**
 * Why `userId` may not leave the room yet, or null when their net there is zero: what they owe and are owed, to and
 * by whom (the room's unpaid transactions, which are its fewest transfers).
 */
export async function outstandingSentence(
  db: Runner,
  roomId: string,
  userId: number,
  currency: string,
): Promise<string | null> {
  const { rows } = await db.execute<{ payer_id: number; amount_cents: number; other: string }>(sql`
    SELECT t.payer_id, t.amount_cents, u.username AS other
    FROM transactions t JOIN users u ON u.id = CASE WHEN t.payer_id = ${userId} THEN t.payee_id ELSE t.payer_id END
    WHERE t.room_id = ${roomId} AND t.status = 'unpaid' AND (t.payer_id = ${userId} OR t.payee_id = ${userId})
    ORDER BY t.amount_cents DESC, t.id`);
  if (rows.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  const owe = rows.filter((r) => r.payer_id === userId).map((r) => `${money(r.amount_cents)} to ${r.other}`);
  const owed = rows
    .filter((r) => r.payer_id !== userId)
    .map((r) => `${r.other} owes you ${money(r.amount_cents)}`);
  const parts = [...(owe.length > 0 ? [`you owe ${owe.join(' and ')}`] : []), ...owed];
  const text = parts.join('; ');
  return `You can leave once you are square here: ${text}.`;
}

/**
 * After a change to a room's ledger: its members hear of it (the change's own frame, then `BALANCES_CHANGED`),
 * and the people of every unpaid transaction that came, went or changed hear `TRANSACTION_UPDATED` too, so that an
 * older client's lists follow.
 */
export async function ledgerChanged(
  ctx: BillsContext,
  roomId: string,
  ledger: Reconciled | null,
  ...frames: Parameters<BillsContext['hub']['toUsers']>[1][]
) {
  const members = await roomMembers(ctx.db, roomId);
  for (const frame of frames) await ctx.hub.toUsers(members, frame);
  await ctx.hub.toUsers(members, { type: 'BALANCES_CHANGED', data: { roomId } });
  if (ledger?.changed) await ctx.hub.toUsers(members, { type: 'BILLS_CONSOLIDATED', data: { roomId } });
}
