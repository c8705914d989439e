import { queryOptions, useQuery } from '@tanstack/react-query';
import { billEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { billKeys } from '@/lib/query-keys';

/**
 * GET /v1/bills/consolidate/{roomId}: whether the room's bills are consolidated (false when there are none).
 * A 404 reads as "not consolidated": the bills routes may not be served yet.
 */
export async function getConsolidation(roomId: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const data = await api.call(billEndpoints.consolidation, { params: { roomId }, signal });
    return data.isConsolidated;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

export const consolidationQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: billKeys.consolidated(roomId),
    queryFn: ({ signal }) => getConsolidation(roomId, signal),
  });

/** Only members may ask (403 otherwise). */
export function useConsolidation(roomId: string, enabled: boolean) {
  return useQuery({ ...consolidationQueryOptions(roomId), enabled });
}
