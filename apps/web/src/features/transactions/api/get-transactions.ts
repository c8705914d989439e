import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionSchema, type Transaction } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

const transactionsSchema = z.array(transactionSchema);

/**
 * GET /v1/transactions?isPaid=: the caller's transactions as payer or payee; unpaid newest first, paid by `paidOn`
 * newest first.
 */
export function getTransactions(isPaid: boolean, signal?: AbortSignal): Promise<Transaction[]> {
  return api.get('/transactions', { query: { isPaid }, schema: transactionsSchema, signal });
}

export const transactionsQueryOptions = (isPaid: boolean) =>
  queryOptions({
    queryKey: transactionKeys.list(isPaid),
    queryFn: ({ signal }) => getTransactions(isPaid, signal),
  });

export function useTransactions(isPaid: boolean, options: { enabled?: boolean } = {}) {
  return useQuery({ ...transactionsQueryOptions(isPaid), enabled: options.enabled ?? true });
}
