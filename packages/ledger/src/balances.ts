import type { Debt } from './split.js';
import type { Transfer } from './settle.js';

/** A bill of a round as the ledger needs it: who paid it and everyone's share (the payer's own included). */
export type RoundBill = { billId: number; ownerId: number; shares: ReadonlyMap<number, number> };

export type MemberBalance = { paid: number; owes: number; net: number };

/** What each participant owes the one who paid; the payer's own share and zero shares are no debt (§7.1). */
export function splitDebts(ownerId: number, shares: ReadonlyMap<number, number>): Debt[] {
  const debts: Debt[] = [];
  for (const [id, minor] of shares)
    if (id !== ownerId && minor > 0) debts.push({ from: id, to: ownerId, cents: minor });
  return debts;
}

/**
 * Each person's position in a round: `paid` the totals of the bills they paid, `owes` the sum of their shares,
 * `net = paid − owes` (positive: is owed money). The nets add up to exactly 0 because every bill's total is the
 * sum of its shares; they equal `netBalances` over the bills' `splitDebts`. Members in ascending user-id order.
 */
export function roomBalances(bills: readonly RoundBill[]): { members: Map<number, MemberBalance> } {
  const acc = new Map<number, MemberBalance>();
  const get = (id: number) => {
    let m = acc.get(id);
    if (!m) acc.set(id, (m = { paid: 0, owes: 0, net: 0 }));
    return m;
  };
  for (const bill of bills) {
    let total = 0;
    for (const [id, minor] of bill.shares) {
      if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`bad share in bill ${bill.billId}`);
      get(id).owes += minor;
      total += minor;
    }
    get(bill.ownerId).paid += total;
  }
  const members = new Map<number, MemberBalance>();
  for (const id of [...acc.keys()].sort((a, b) => a - b)) {
    const m = acc.get(id)!;
    members.set(id, { paid: m.paid, owes: m.owes, net: m.paid - m.owes });
  }
  return { members };
}

/**
 * Which bills make up each suggested transfer, for "tap a transfer to see why". The rule, per payer (a transfer
 * always goes from someone who owes to someone who is owed, as `settle` makes them):
 *   1. the payer's debts are their shares of bills someone else paid, in ascending bill id;
 *   2. each of the payer's transfers (by payee id) first takes the payer's debts on bills its payee paid;
 *   3. what is still missing is taken from the payer's remaining debts in bill id order, transfer by transfer.
 * A payer's transfers add up to their net debt, which is never more than their debts (what they paid only
 * lowers it), so every transfer is covered; each transfer's parts add up exactly to it and each bill's debt is
 * used at most once. Parts are listed in bill id order. Key: `${from}>${to}`.
 */
export function explainTransfers(
  bills: readonly RoundBill[],
  transfers: readonly Transfer[],
): Map<string, { billId: number; minor: number }[]> {
  const ordered = [...bills].sort((a, b) => a.billId - b.billId);
  const result = new Map<string, { billId: number; minor: number }[]>();
  const byPayer = new Map<number, Transfer[]>();
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.cents) || t.cents <= 0) throw new RangeError('a transfer must be positive');
    byPayer.set(t.from, [...(byPayer.get(t.from) ?? []), t]);
  }
  for (const [payer, own] of [...byPayer].sort((a, b) => a[0] - b[0])) {
    const debts = ordered
      .filter((b) => b.ownerId !== payer && (b.shares.get(payer) ?? 0) > 0)
      .map((b) => ({ billId: b.billId, ownerId: b.ownerId, left: b.shares.get(payer)! }));
    const todo = [...own]
      .sort((a, b) => a.to - b.to)
      .map((t) => ({ t, need: t.cents, parts: new Map<number, number>() }));
    const take = (job: (typeof todo)[number], debt: (typeof debts)[number]) => {
      const minor = Math.min(job.need, debt.left);
      if (minor <= 0) return;
      job.parts.set(debt.billId, (job.parts.get(debt.billId) ?? 0) + minor);
      job.need -= minor;
      debt.left -= minor;
    };
    for (const job of todo) for (const d of debts) if (d.ownerId === job.t.to) take(job, d);
    for (const job of todo) for (const d of debts) take(job, d);
    for (const job of todo) {
      if (job.need > 0)
        throw new RangeError(
          `transfer ${job.t.from}>${job.t.to} is more than ${job.t.from} owes on these bills`,
        );
      const key = `${job.t.from}>${job.t.to}`;
      if (result.has(key)) throw new RangeError(`two transfers ${key}`);
      const parts = [...job.parts].sort((a, b) => a[0] - b[0]).map(([billId, minor]) => ({ billId, minor }));
      result.set(key, parts);
    }
  }
  return result;
}
