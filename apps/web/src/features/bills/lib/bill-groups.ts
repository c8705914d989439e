import type { Bill, User } from '@outing/contract';
import { toMinor } from '../../../lib/money';

export interface OwnerGroup {
  owner: User;
  /** Newest first, as the server lists them. */
  bills: Bill[];
  totalCents: number;
}

/**
 * The room's bills by owner (mock mode's bills summary): groups in the order of each owner's newest bill (the server lists bills newest
 * first), each with its exact total in minor units of the room's currency (a room's bills share one).
 */
export function groupBillsByOwner(bills: readonly Bill[]): OwnerGroup[] {
  const groups = new Map<number, OwnerGroup>();
  for (const bill of bills) {
    const group = groups.get(bill.ownerId) ?? { owner: bill.owner, bills: [], totalCents: 0 };
    group.bills.push(bill);
    group.totalCents += toMinor(bill.amount, bill.currency);
    groups.set(bill.ownerId, group);
  }
  return [...groups.values()];
}

export function roomTotalCents(bills: readonly Bill[]): number {
  return bills.reduce((sum, bill) => sum + toMinor(bill.amount, bill.currency), 0);
}
