import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emptyResponse, type Bill, type BillsSummary } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { updateCursorPages } from '../../../lib/cursor-pages';
import { toAmount, toMinor } from '../../../lib/money';
import { billKeys } from './bill-keys';

/** DELETE /v1/bills/{id}: its creator, its payer or the host (403), while its round is open (409). */
export async function deleteBill(id: number): Promise<void> {
  await api.delete(`/bills/${id}`, { schema: emptyResponse.shape.data });
}

/** The summary without `bill`: one bill fewer and its amount less, in all and in its owner's group (exact, in minor units). */
export function withoutBill(summary: BillsSummary, bill: Pick<Bill, 'ownerId' | 'amount'>): BillsSummary {
  const less = (total: number) =>
    toAmount(toMinor(total, summary.currency) - toMinor(bill.amount, summary.currency), summary.currency);
  return {
    ...summary,
    count: Math.max(0, summary.count - 1),
    total: less(summary.total),
    owners: summary.owners
      .map((o) => (o.ownerId === bill.ownerId ? { ...o, count: o.count - 1, total: less(o.total) } : o))
      .filter((o) => o.count > 0),
  };
}

/**
 * The bill leaves every cached list and page of the room's bills (the Money section's, an owner's group) and the
 * summary once the server has deleted it; the summary, the balances (and the consolidation status, which may now be
 * "no bills") are fetched again. On failure everything is fetched again: a 409 means the round was settled meanwhile.
 */
export function useDeleteBill(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bill: Pick<Bill, 'id' | 'ownerId' | 'amount'>) => deleteBill(bill.id),
    onSuccess: (_nothing, bill) => {
      updateCursorPages<Bill>(queryClient, billKeys.list(roomId), (bills) =>
        bills.filter((b) => b.id !== bill.id),
      );
      queryClient.setQueryData<BillsSummary>(billKeys.summary(roomId), (summary) =>
        summary ? withoutBill(summary, bill) : summary,
      );
      void queryClient.invalidateQueries({ queryKey: billKeys.summary(roomId) });
      // The room may have no bill left (its currency can change again).
      void queryClient.invalidateQueries({ queryKey: billKeys.any(roomId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.balances(roomId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.consolidated(roomId) });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: billKeys.room(roomId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.consolidated(roomId) });
    },
  });
}
