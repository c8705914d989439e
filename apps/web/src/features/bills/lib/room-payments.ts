import { billDebts, netBalances, settle, type Transfer } from '@outing/ledger';
import type { Bill } from '@outing/contract';
import { centsOf } from '../../transactions/lib/money';

/**
 * The payments a consolidation of these bills makes (api-contract §7.2), computed exactly as the server does:
 * every bill's debts (§7.1, by bill id), net balances, then the fewest transfers, deterministic by user id. The
 * server lists only the caller's own transactions; this gives every member the whole room's payments.
 */
export function roomPayments(bills: readonly Bill[]): Transfer[] {
  const debts = [...bills]
    .sort((a, b) => a.id - b.id)
    .flatMap((bill) =>
      billDebts({
        billId: bill.id,
        totalCents: centsOf(bill.amount),
        ownerId: bill.ownerId,
        payerIds: bill.payers,
        includeOwner: bill.includeOwner,
      }),
    );
  return settle(netBalances(debts)).transfers;
}
