import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionEndpoints, type Transaction } from '@outing/contract';
import { api } from '@/lib/api-client';
import { updateCursorPages } from '@/lib/cursor-pages';
import { transactionKeys } from '@/lib/query-keys';

/** PATCH /v1/transactions/{id}/settle: the payer only (403); 404 unknown; 409 already paid. */
export function settleTransaction(id: number): Promise<Transaction> {
  return api.call(transactionEndpoints.settle, { params: { id } });
}

/** Run here rather than per `mutate` call: the row that settled is gone by the time the call's own callbacks run. */
export interface SettleCallbacks {
  onSuccess?: (transaction: Transaction) => void;
  onError?: (error: Error) => void;
}

/**
 * The transaction leaves the unpaid list only once the server has answered 200 (docs/product.md#states); the paid
 * list (the profile's history) is fetched anew. A refusal refreshes the lists too: a 409 means it was paid elsewhere.
 */
export function useSettleTransaction(callbacks: SettleCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transaction: Transaction) => settleTransaction(transaction.id),
    onSuccess: (_settled, transaction) => {
      // Out of every loaded page of the unpaid lists at once; the rest (pages after it, totals, awaiting) anew.
      updateCursorPages<Transaction>(queryClient, transactionKeys.list(false), (items) =>
        items.filter((t) => t.id !== transaction.id),
      );
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      callbacks.onSuccess?.(transaction);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      callbacks.onError?.(error);
    },
  });
}
