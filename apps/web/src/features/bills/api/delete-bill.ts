import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billEndpoints, type Bill } from '@outing/contract';
import { api } from '@/lib/api-client';
import { updateCursorPages } from '@/lib/cursor-pages';
import { billKeys } from '@/lib/query-keys';

/** DELETE /v1/bills/{id}: its creator, its payer or the host (403), while its round is open (409). */
export async function deleteBill(id: number): Promise<void> {
  await api.call(billEndpoints.remove, { params: { id } });
}

/**
 * The bill leaves every cached list and page of the room's bills (the Money section's) once the server has deleted
 * it; the balances (and the consolidation status, which may now be "no bills") are fetched again. On failure
 * everything is fetched again: a 409 means the round was settled meanwhile.
 */
export function useDeleteBill(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bill: Pick<Bill, 'id'>) => deleteBill(bill.id),
    onSuccess: (_nothing, bill) => {
      updateCursorPages<Bill>(queryClient, billKeys.list(roomId), (bills) =>
        bills.filter((b) => b.id !== bill.id),
      );
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
