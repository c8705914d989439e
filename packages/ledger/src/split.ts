export type BillInput = {
  billId: number;
  totalMinor: number;
  ownerId: number;
  payerIds: readonly number[];
  includeOwner: boolean;
};

export type Debt = { from: number; to: number; minor: number };

/**
 * One bill's shares (docs/api/README.md#splitting). Participants are the payers plus the owner when `includeOwner`, in
 * ascending user-id order. Each gets `floor(T / n)`; the `T mod n` leftover minor units go one each to participants
 * starting at position `billId mod n` and wrapping, so that nobody systematically pays the odd cent.
 */
export function splitBill(bill: BillInput): Map<number, number> {
  const { totalMinor: total } = bill;
  if (!Number.isSafeInteger(total) || total <= 0)
    throw new RangeError('the total must be a positive number of minor units');
  const ids = new Set(bill.payerIds);
  if (bill.includeOwner) ids.add(bill.ownerId);
  const participants = [...ids].sort((a, b) => a - b);
  const n = participants.length;
  if (n === 0) throw new RangeError('a bill needs at least one participant');
  const base = Math.floor(total / n);
  const leftover = total - base * n;
  const start = bill.billId % n;
  const shares = new Map<number, number>();
  participants.forEach((id, i) => {
    const offset = (i - start + n) % n;
    shares.set(id, base + (offset < leftover ? 1 : 0));
  });
  return shares;
}

/** What each payer owes the owner for one bill; the owner's own share and zero shares are no debt. */
export function billDebts(bill: BillInput): Debt[] {
  const debts: Debt[] = [];
  for (const [id, minor] of splitBill(bill)) {
    if (id !== bill.ownerId && minor > 0) debts.push({ from: id, to: bill.ownerId, minor });
  }
  return debts;
}

/** Net balance per person: positive is owed money, negative owes; they always add up to zero. */
export function netBalances(debts: Iterable<Debt>): Map<number, number> {
  const balances = new Map<number, number>();
  for (const d of debts) {
    balances.set(d.from, (balances.get(d.from) ?? 0) - d.minor);
    balances.set(d.to, (balances.get(d.to) ?? 0) + d.minor);
  }
  return balances;
}
