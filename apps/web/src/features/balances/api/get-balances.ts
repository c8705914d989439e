import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionEndpoints, type OverallBalances } from '@outing/contract';
import { api } from '@/lib/api-client';
import { balanceKeys } from '@/lib/query-keys';

/**
 * GET /v1/balances (docs/api/README.md#settling): per currency what the caller owes and is owed, and per person and currency
 * the net across rooms (> 0: they owe the caller), with the rooms that make it up.
 */
export function getBalances(signal?: AbortSignal): Promise<OverallBalances> {
  return api.call(transactionEndpoints.balances, { signal });
}

export const balancesQueryOptions = () =>
  queryOptions({ queryKey: balanceKeys.all, queryFn: ({ signal }) => getBalances(signal) });

export function useBalances() {
  return useQuery(balancesQueryOptions());
}
