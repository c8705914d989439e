import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/** GET /v1/rooms/count: how many open rooms the signed-in user is in. */
export async function getRoomCount(signal?: AbortSignal): Promise<number> {
  const data = await api.call(roomEndpoints.count, { signal });
  return data.count;
}

export const roomCountQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.count(), queryFn: ({ signal }) => getRoomCount(signal) });

export function useRoomCount() {
  return useQuery(roomCountQueryOptions());
}
