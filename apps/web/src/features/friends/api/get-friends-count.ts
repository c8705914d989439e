import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendEndpoints } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { friendKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/friends/count: how many friends the signed-in user has. */
export async function getFriendsCount(userId: number, signal?: AbortSignal): Promise<number> {
  const data = await api.call(friendEndpoints.count, { params: { id: userId }, signal });
  return data.numFriends;
}

export const friendsCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.count(userId),
    queryFn: ({ signal }) => getFriendsCount(userId, signal),
  });

export function useFriendsCount() {
  const { user } = useAuth();
  return useQuery(friendsCountQueryOptions(user.id));
}
