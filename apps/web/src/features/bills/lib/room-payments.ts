import { roomBalances, settle, type Transfer } from '@outing/ledger';
import type { Bill } from '@outing/contract';
import { toMinor } from '../../../lib/money';

/**
 * The payments a consolidation of these bills makes (api-contract §7.2, §10.3), computed exactly as the server does:
 * every bill's shares as the server answers them (any split mode), net balances, then the fewest transfers,
 * deterministic by user id. The split page now shows the rounds' transactions (GET /rooms/{id}/rounds); this checks
 * the mock mode's consolidation against the ledger (api/mocks.test.ts).
 */
export function roomPayments(bills: readonly Bill[]): Transfer[] {
  const { members } = roomBalances(
    [...bills]
      .sort((a, b) => a.id - b.id)
      .map((bill) => ({
        billId: bill.id,
        ownerId: bill.ownerId,
        shares: new Map(bill.shares.map((s) => [s.userId, toMinor(s.amount, bill.currency)])),
      })),
  );
  return settle(new Map([...members].map(([id, m]) => [id, m.net]))).transfers;
}
