import type { Debt } from './split.js';

/** A bill of a round as the ledger needs it: who paid it and everyone's share (the payer's own included). */
export type RoundBill = { billId: number; ownerId: number; shares: ReadonlyMap<number, number> };

export type MemberBalance = { paid: number; owes: number; net: number };

/** What each participant owes the one who paid; the payer's own share and zero shares are no debt (docs/api/README.md#live-ledger). */
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
