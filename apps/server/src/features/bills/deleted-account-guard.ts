import { badRequest } from '../../lib/errors.js';
import type { Tx } from '../rooms/queries.js';
import { countDeleted, deletedAmong, selectShares } from './queries-bills.js';

/** Who a bill names and for how much, in minor units: the payer, the total and every participant's share. */
export type BillParts = { ownerId: number; total: number; shares: ReadonlyMap<number, number> };

/** What `id` owes in a bill (its share) and is owed by the others (the total less its own share, as the payer). */
const partOf = (bill: BillParts, id: number) => ({
  owes: bill.shares.get(id) ?? 0,
  owed: bill.ownerId === id ? bill.total - (bill.shares.get(id) ?? 0) : 0,
  named: bill.ownerId === id || bill.shares.has(id),
  paid: bill.ownerId === id,
});

/**
 * A deleted account stays a member ("Deleted user", declined) of the rooms whose money names it, so that its bills
 * and debts read right (docs/accounts.md), but nothing more of a bill may be put on it: nobody could ever settle
 * that debt (issue 32 item 4). The one check of every bill write: a new bill (`before` null) names no deleted
 * account; an edit may keep one where it already was (payer or participant), and what it owes or is owed there may
 * shrink, never grow; it may not be named anew. 400 on `paths.payer` or `paths.shares`.
 */
export async function refuseMoreForDeleted(
  tx: Tx,
  after: BillParts,
  before: BillParts | null,
  paths: { payer: string; shares: string },
) {
  const ids = [...new Set([after.ownerId, ...after.shares.keys()])];
  const deletedIds = await deletedAmong(tx, ids);
  if (deletedIds.length === 0) return;
  const message = before
    ? 'A deleted account cannot take on more of a bill: nobody could settle it.'
    : 'A deleted account cannot take part in a new bill.';
  const deleted = new Set(deletedIds);
  const refuse = (path: string) => badRequest(message, [{ path, message }]);
  if (deleted.has(after.ownerId)) {
    const was = before && partOf(before, after.ownerId);
    if (!was?.paid || partOf(after, after.ownerId).owed > was.owed) throw refuse(paths.payer);
  }
  for (const id of deleted) {
    if (!after.shares.has(id)) continue;
    const was = before && partOf(before, id);
    if (!was?.named || partOf(after, id).owes > was.owes) throw refuse(paths.shares);
  }
}

/**
 * Several payers (issue 36): a deleted account may stay a payer of a bill that already had it as one, never become
 * one anew (the owner, the one who paid most, is `refuseMoreForDeleted`'s). 400 on `paidBy`.
 */
export async function refuseDeletedPayers(
  tx: Tx,
  payers: readonly { userId: number }[],
  before: readonly number[],
) {
  if (payers.length < 2) return;
  const deleted = await deletedAmong(
    tx,
    payers.map((p) => p.userId),
  );
  if (deleted.some((id) => !before.includes(id))) {
    const message = 'A deleted account cannot pay a bill.';
    throw badRequest(message, [{ path: 'paidBy', message }]);
  }
}

/** The stored parts of a bill (under its room's lock). */
export async function storedParts(
  tx: Tx,
  billId: number,
  ownerId: number,
  total: number,
): Promise<BillParts> {
  const rows = await selectShares(tx, billId);
  return { ownerId, total, shares: new Map(rows.map((r) => [r.user_id, r.amount_minor])) };
}

/** Whether a bill names a deleted account, as payer or participant (a restore would put its debt back on it). */
export async function namesDeleted(tx: Tx, bill: BillParts): Promise<boolean> {
  const ids = [...new Set([bill.ownerId, ...bill.shares.keys()])];
  return (await countDeleted(tx, ids)) > 0;
}
