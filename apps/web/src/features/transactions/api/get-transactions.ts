import { useInfiniteQuery } from '@tanstack/react-query';
import { transactionEndpoints, type Transaction } from '@outing/contract';
import { cursorListOptions, getEndpointPage, type CursorPage } from '@/lib/cursor-pages';
import { transactionKeys } from '@/lib/query-keys';

/** Whose side of a debt a list keeps: To pay (the caller pays) or To receive (the caller is paid). */
export type Side = 'payer' | 'payee';

/**
 * GET /v1/transactions?isPaid=false&role&limit&cursor: one page of the caller's unpaid transactions on one side,
 * newest first. Home's To pay and To receive read a page at a time (a heavy user's list is long); their totals come
 * from GET /balances (`totals[].toPay`/`toReceive`), the same transactions summed on the server.
 */
export function getUnpaidPage(
  role: Side,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<Transaction>> {
  return getEndpointPage(transactionEndpoints.list, {
    cursor,
    query: { isPaid: false, role },
    signal,
  });
}

export const unpaidQueryOptions = (role: Side) =>
  cursorListOptions({
    queryKey: transactionKeys.unpaid(role),
    fetchPage: (cursor, signal) => getUnpaidPage(role, cursor, signal),
  });

export function useUnpaid(role: Side) {
  return useInfiniteQuery(unpaidQueryOptions(role));
}

/**
 * GET /v1/transactions?isPaid=true&status=paid&limit&cursor: the payments marked paid and not yet confirmed, the
 * caller's as payer or payee, a page at a time (Home's awaiting-confirmation rows).
 */
export function getAwaitingPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<Transaction>> {
  return getEndpointPage(transactionEndpoints.list, {
    cursor,
    query: { isPaid: true, status: 'paid' },
    signal,
  });
}

export const awaitingQueryOptions = () =>
  cursorListOptions({
    queryKey: transactionKeys.awaiting(),
    fetchPage: (cursor, signal) => getAwaitingPage(cursor, signal),
  });

export function useAwaitingConfirmation() {
  return useInfiniteQuery(awaitingQueryOptions());
}

/**
 * GET /v1/transactions?isPaid=true&limit&cursor: one page of the paid history, by `paidOn` newest first (the
 * profile's history, which grows without end).
 */
export function getPaidHistoryPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<Transaction>> {
  return getEndpointPage(transactionEndpoints.list, { cursor, query: { isPaid: true }, signal });
}

export const paidHistoryQueryOptions = () =>
  cursorListOptions({
    queryKey: transactionKeys.history(),
    fetchPage: (cursor, signal) => getPaidHistoryPage(cursor, signal),
  });

export function usePaidHistory() {
  return useInfiniteQuery(paidHistoryQueryOptions());
}
