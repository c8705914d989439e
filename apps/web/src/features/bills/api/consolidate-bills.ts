import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billEndpoints, type Transaction } from '@outing/contract';
import { api } from '@/lib/api-client';
import { billKeys, roomKeys, transactionKeys } from '@/lib/query-keys';

/** POST /v1/bills/consolidate {roomId}: the host only (403); no bills or already consolidated: 409. */
export function consolidateBills(roomId: string): Promise<Transaction[]> {
  return api.call(billEndpoints.consolidate, { body: { roomId } });
}

/** Consolidated at once in the cache; the payments are new. */
export function useConsolidateBills(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => consolidateBills(roomId),
    onSuccess: () => {
      queryClient.setQueryData<boolean>(billKeys.consolidated(roomId), true);
      void queryClient.invalidateQueries({ queryKey: billKeys.room(roomId) });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: billKeys.consolidated(roomId) });
    },
  });
}
