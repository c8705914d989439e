import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionEndpoints, type Transaction } from '@outing/contract';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** GET /v1/transactions/{id}: its payer or payee only; with `history` (who did what when) and `bills`. */
export function getTransaction(transactionId: number, signal?: AbortSignal): Promise<Transaction> {
  return api.call(transactionEndpoints.get, { params: { id: transactionId }, signal });
}

export const transactionDetailQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: paymentKeys.detail(transactionId),
    queryFn: ({ signal }) => getTransaction(transactionId, signal),
  });

export function useTransactionDetail(transactionId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...transactionDetailQueryOptions(transactionId), enabled: options.enabled ?? true });
}
