import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { transactionSchema, type Transaction } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cursorListOptions, getCursorPage, type CursorPage } from '../../../lib/cursor-pages';
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

/**
 * GET /v1/transactions?isPaid=true&status=paid: the payments marked paid and not yet confirmed, the caller's as payer
 * or payee: a handful, however long the paid history grows (Home's awaiting-confirmation rows).
 */
export function getAwaitingConfirmation(signal?: AbortSignal): Promise<Transaction[]> {
  return api.get('/transactions', {
    query: { isPaid: true, status: 'paid' },
    schema: transactionsSchema,
    signal,
  });
}

export const awaitingQueryOptions = () =>
  queryOptions({
    queryKey: transactionKeys.awaiting(),
    queryFn: ({ signal }) => getAwaitingConfirmation(signal),
  });

export function useAwaitingConfirmation() {
  return useQuery(awaitingQueryOptions());
}

/**
 * GET /v1/transactions?isPaid=true&limit&cursor: one page of the paid history, by `paidOn` newest first. The
 * profile's history grows without end, so it reads pages; the unpaid list (Home's totals) and a room's split page
 * still read their whole list: they add up every open debt.
 */
export function getPaidHistoryPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<Transaction>> {
  return getCursorPage('/transactions', transactionSchema, { cursor, query: { isPaid: true }, signal });
}

export const paidHistoryQueryOptions = () =>
  cursorListOptions({
    queryKey: transactionKeys.history(),
    fetchPage: (cursor, signal) => getPaidHistoryPage(cursor, signal),
  });

export function usePaidHistory() {
  return useInfiniteQuery(paidHistoryQueryOptions());
}
