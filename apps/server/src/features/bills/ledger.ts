import { settle } from '@outing/ledger';
import { formatMoney } from '../../lib/money.js';
import type { Runner } from '../rooms/queries.js';
import { roomMembers, type BillsContext } from './access.js';
import { insertActivity } from './queries-activity.js';
import {
  deleteTransactions,
  insertTransfers,
  ledgerConsolidation,
  lockQueuedRoom,
  selectLedgerQueue,
  selectLedgerSums,
  selectOutstanding,
  selectUnpaidTransfers,
  setTransferAmounts,
  unqueueRoom,
} from './queries-ledger.js';

/**
 * One live ledger (docs/money.md): a room's ledger is all of its live bills (not deleted) and all of its payments
 * (transactions `paid` or `confirmed`). Everything here runs inside the transaction of the change, under the room's
 * lock (rooms/queries.ts lockRoom), so that changes to one room's ledger are serial.
 */

/** A member's sums in minor units: net = paid − owes + sent − received. */
export type MemberSums = { paid: number; owes: number; sent: number; received: number; net: number };

/** Every person with money in the room, with their sums (one row each, summed in SQL). */
export async function ledgerSums(db: Runner, roomId: string): Promise<Map<number, MemberSums>> {
  const rows = await selectLedgerSums(db, roomId);
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
  const existing = await selectUnpaidTransfers(db, roomId);
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
      if (row.amount_minor !== t.minor) updates.push({ id: row.id, minor: t.minor });
      unpaid.push({ id: row.id, payerId: t.from, payeeId: t.to, minor: t.minor });
    } else inserts.push({ from: t.from, to: t.to, minor: t.minor });
  }
  for (const [key, row] of byPair) if (!kept.has(key)) removed.push(row.id);

  if (removed.length > 0) await deleteTransactions(db, removed);
  if (updates.length > 0) {
    const ledgerId = await ledgerConsolidation(db, roomId, actorId);
    await setTransferAmounts(db, ledgerId, updates);
  }
  if (inserts.length > 0) {
    const ledgerId = await ledgerConsolidation(db, roomId, actorId);
    const made = await insertTransfers(db, ledgerId, roomId, inserts);
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

export type { ActivityChange, ActivityKind } from './queries-activity.js';

/** One line of a room's activity (GET /rooms/{id}/activity), written in the change's transaction. */
export async function recordActivity(db: Runner, entry: Parameters<typeof insertActivity>[1]): Promise<void> {
  await insertActivity(db, entry);
}

/** Drains ledger_queue (migration 0020): each queued room's unpaid transactions brought to its ledger. */
export async function drainLedgerQueue(db: Runner): Promise<number> {
  const rows = await selectLedgerQueue(db);
  for (const r of rows) {
    await lockQueuedRoom(db, r.room_id);
    await reconcile(db, r.room_id, r.host_id);
    await unqueueRoom(db, r.room_id);
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
  const rows = await selectOutstanding(db, roomId, userId);
  if (rows.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  const owe = rows.filter((r) => r.payer_id === userId).map((r) => `${money(r.amount_minor)} to ${r.other}`);
  const owed = rows
    .filter((r) => r.payer_id !== userId)
    .map((r) => `${r.other} owes you ${money(r.amount_minor)}`);
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
