import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emptyResponse, type Bill } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/** DELETE /v1/bills/{id}: the owner or the host (403), before consolidation (409). */
export async function deleteBill(id: number): Promise<void> {
  await api.delete(`/bills/${id}`, { schema: emptyResponse.shape.data });
}

/** The bill leaves the cached list once the server has deleted it. */
export function useDeleteBill(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bill: Bill) => deleteBill(bill.id),
    onSuccess: (_nothing, bill) => {
      queryClient.setQueryData<Bill[]>(billKeys.list(roomId), (bills) =>
        bills?.filter((b) => b.id !== bill.id),
      );
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: billKeys.room(roomId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.consolidated(roomId) });
    },
  });
}
