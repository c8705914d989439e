import { useQuery } from '@tanstack/react-query';
import { friendEndpoints, type FriendDetail } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { friendKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/friends/{friendId}: the friend, since when, and the rooms you share (404: not a friend). */
export function getFriend(userId: number, friendId: number, signal?: AbortSignal): Promise<FriendDetail> {
  return api.call(friendEndpoints.detail, { params: { id: userId, friendId }, signal });
}

/** Under the friends' keys, so that removing a friend or answering a request reaches it. */
export const friendDetailKey = (userId: number, friendId: number) =>
  [...friendKeys.all(userId), 'detail', friendId] as const;

export function useFriend(friendId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: friendDetailKey(user.id, friendId),
    queryFn: ({ signal }) => getFriend(user.id, friendId, signal),
    enabled: Number.isInteger(friendId) && friendId > 0,
  });
}
