import { queryOptions, useQuery } from '@tanstack/react-query';
import { billsSummarySchema, type BillsSummary } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/**
 * GET /v1/rooms/{id}/bills/summary (members, 403): how many bills the room has and their total, in all and per member
 * who paid, the owner of the newest bill first. The split page's totals and groups, without reading the bills.
 */
export function getBillsSummary(roomId: string, signal?: AbortSignal): Promise<BillsSummary> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/bills/summary`, {
    schema: billsSummarySchema,
    signal,
  });
}

export const billsSummaryQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: billKeys.summary(roomId),
    queryFn: ({ signal }) => getBillsSummary(roomId, signal),
  });

export function useBillsSummary(roomId: string) {
  return useQuery(billsSummaryQueryOptions(roomId));
}
