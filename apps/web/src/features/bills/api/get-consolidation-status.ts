import { queryOptions, useQuery } from '@tanstack/react-query';
import { consolidationStatusResponse } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/** GET /v1/bills/consolidate/{roomId}: whether the room's bills are consolidated (false when there are none). */
export async function getConsolidationStatus(roomId: string, signal?: AbortSignal): Promise<boolean> {
  const data = await api.get(`/bills/consolidate/${encodeURIComponent(roomId)}`, {
    schema: consolidationStatusResponse.shape.data,
    signal,
  });
  return data.isConsolidated;
}

export const consolidationStatusQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: billKeys.consolidated(roomId),
    queryFn: ({ signal }) => getConsolidationStatus(roomId, signal),
  });

export function useConsolidationStatus(roomId: string) {
  return useQuery(consolidationStatusQueryOptions(roomId));
}
