/** A live bill as the ledger needs it: who paid it and everyone's share (the payer's own included). */
export type RoundBill = { billId: number; ownerId: number; shares: ReadonlyMap<number, number> };

/** A payment of a room's ledger (a transaction `paid` or `confirmed`): `payerId` sent `minor` to `payeeId`. */
export type LedgerPayment = { payerId: number; payeeId: number; minor: number };

export type MemberBalance = { paid: number; owes: number; sent: number; received: number; net: number };

/**
 * Each person's position in a room's ledger (docs/money.md, "One live ledger"): `paid` the totals of the live bills
 * they paid, `owes` the sum of their shares, `sent` and `received` the payments, and
 * `net = paid − owes + sent − received` (positive: is owed money). The nets add up to exactly 0 because every bill's
 * total is the sum of its shares and every payment is sent once and received once. Members in ascending user-id
 * order. The server sums the same in SQL (`bills/ledger.ts` `ledgerSums`) and keeps the room's unpaid transactions
 * equal to `settle` of these nets; `bills/overall-balances.test.ts` proves its reads equal to this function.
 */
export function roomBalances(
  bills: readonly RoundBill[],
  payments: readonly LedgerPayment[] = [],
): { members: Map<number, MemberBalance> } {
  const acc = new Map<number, MemberBalance>();
  const get = (id: number) => {
    let m = acc.get(id);
    if (!m) acc.set(id, (m = { paid: 0, owes: 0, sent: 0, received: 0, net: 0 }));
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
  for (const p of payments) {
    if (!Number.isSafeInteger(p.minor) || p.minor <= 0)
      throw new RangeError('a payment is a positive amount');
    get(p.payerId).sent += p.minor;
    get(p.payeeId).received += p.minor;
  }
  const members = new Map<number, MemberBalance>();
  for (const id of [...acc.keys()].sort((a, b) => a - b)) {
    const m = acc.get(id)!;
    members.set(id, { ...m, net: m.paid - m.owes + m.sent - m.received });
  }
  return { members };
}
