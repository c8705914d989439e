import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionSchema, type Transaction } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/** GET /v1/transactions/{id}: its payer or payee only; with `history` (who did what when) and `bills`. */
export function getTransaction(transactionId: number, signal?: AbortSignal): Promise<Transaction> {
  return api.get(`/transactions/${transactionId}`, { schema: transactionSchema, signal });
}

export const transactionDetailQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: paymentKeys.detail(transactionId),
    queryFn: ({ signal }) => getTransaction(transactionId, signal),
  });

export function useTransactionDetail(transactionId: number) {
  return useQuery(transactionDetailQueryOptions(transactionId));
}
