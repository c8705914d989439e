import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { profileRoomCountKey } from '@/lib/query-keys';

/**
 * GET /v1/rooms/count: how many open rooms the signed-in user is in. Rooms are not served yet and the call answers
 * 404 until they are: that reads as 0, quietly. Any other failure stays a failure.
 */
export async function getRoomCount(signal?: AbortSignal): Promise<number> {
  try {
    const data = await api.call(roomEndpoints.count, { signal });
    return data.count;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return 0;
    throw error;
  }
}

export const roomCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: profileRoomCountKey(userId),
    queryFn: ({ signal }) => getRoomCount(signal),
  });

export function useRoomCount() {
  const { user } = useAuth();
  return useQuery(roomCountQueryOptions(user.id));
}
