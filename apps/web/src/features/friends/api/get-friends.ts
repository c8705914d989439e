import { useInfiniteQuery } from '@tanstack/react-query';
import { friendEndpoints, type Friend } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { cursorListOptions, getEndpointPage, type CursorPage } from '@/lib/cursor-pages';
import { friendKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/friends?limit&cursor: one page of the signed-in user's friends, by username. */
export function getFriendsPage(
  userId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<Friend>> {
  return getEndpointPage(friendEndpoints.list, { params: { id: userId }, cursor, signal });
}

export const friendsQueryOptions = (userId: number) =>
  cursorListOptions({
    queryKey: friendKeys.list(userId),
    fetchPage: (cursor, signal) => getFriendsPage(userId, cursor, signal),
  });

/** The friends list, a page at a time (`flattenPages(data)` for what is loaded). */
export function useFriends() {
  const { user } = useAuth();
  return useInfiniteQuery(friendsQueryOptions(user.id));
}
