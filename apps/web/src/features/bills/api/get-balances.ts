import { queryOptions, useQuery } from '@tanstack/react-query';
import { billEndpoints, type Balances } from '@outing/contract';
import { api } from '@/lib/api-client';
import { billKeys } from '@/lib/query-keys';

/**
 * GET /v1/rooms/{id}/balances (members, 403): the open round as if it were settled now: each member's paid, owes
 * and net, the fewest transfers (each with the bills that make it up) and every bill's shares, in major units of
 * `currency`.
 */
export function getBalances(roomId: string, signal?: AbortSignal): Promise<Balances> {
  return api.call(billEndpoints.roomBalances, { params: { id: roomId }, signal });
}

export const balancesQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: billKeys.balances(roomId), queryFn: ({ signal }) => getBalances(roomId, signal) });

export function useBalances(roomId: string, enabled = true) {
  return useQuery({ ...balancesQueryOptions(roomId), enabled });
}
