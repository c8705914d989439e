import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionEndpoints, type Transaction } from '@outing/contract';
import { api } from '@/lib/api-client';
import { transactionKeys } from '@/lib/query-keys';

/** The steps after settling (docs/api/README.md#settling); `settle` itself is the transactions feature's call. */
export type TransactionChange = 'confirm' | 'dispute' | 'undo';

/**
 * PATCH /v1/transactions/{id}/{confirm|dispute|undo}. `confirm` (payee) from paid or straight from unpaid (cash);
 * `dispute` (payee) paid → unpaid; `undo` (payer) paid → unpaid within 10 minutes and before a confirmation. A step
 * the transaction's state no longer allows is a 409; the wrong side a 403.
 */
export function changeTransaction(transactionId: number, change: TransactionChange): Promise<Transaction> {
  return api.call(transactionEndpoints[change], { params: { id: transactionId } });
}

export interface ChangeCallbacks {
  onSuccess?: (change: TransactionChange) => void;
  onError?: (change: TransactionChange, error: Error) => void;
  onSettled?: () => void;
}

/**
 * Every list, detail and pay sheet is fetched anew after the answer, a refusal included: a 409 means the other
 * side changed it first, and the lists then show what happened. The callbacks run here rather than per `mutate`
 * call: the socket frame of the change can arrive before the answer and refetch the row that asked away.
 */
export function useChangeTransaction(callbacks: ChangeCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transaction, change }: { transaction: Transaction; change: TransactionChange }) =>
      changeTransaction(transaction.id, change),
    onSuccess: (_t, { change }) => callbacks.onSuccess?.(change),
    onError: (error, { change }) => callbacks.onError?.(change, error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      callbacks.onSettled?.();
    },
  });
}
