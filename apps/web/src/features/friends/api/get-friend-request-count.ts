import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendEndpoints } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { friendKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/friends/requests/count: pending requests the signed-in user received. */
export async function getPendingFriendRequestCount(userId: number, signal?: AbortSignal): Promise<number> {
  const data = await api.call(friendEndpoints.requestsCount, { params: { id: userId }, signal });
  return data.count;
}

export const pendingFriendRequestCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.pendingRequestCount(userId),
    queryFn: ({ signal }) => getPendingFriendRequestCount(userId, signal),
  });

export function usePendingFriendRequestCount() {
  const { user } = useAuth();
  return useQuery(pendingFriendRequestCountQueryOptions(user.id));
}
