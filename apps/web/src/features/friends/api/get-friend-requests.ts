import { useInfiniteQuery } from '@tanstack/react-query';
import { friendEndpoints, type FriendRequest } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { cursorListOptions, getEndpointPage, type CursorPage } from '@/lib/cursor-pages';
import { friendKeys } from '@/lib/query-keys';

/**
 * GET /v1/users/{id}/friends/requests?status=pending&limit&cursor: one page of the requests the signed-in user
 * received, newest first.
 */
export function getPendingFriendRequestsPage(
  userId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<FriendRequest>> {
  return getEndpointPage(friendEndpoints.requests, {
    params: { id: userId },
    cursor,
    query: { status: 'pending' },
    signal,
  });
}

export const pendingFriendRequestsQueryOptions = (userId: number) =>
  cursorListOptions({
    queryKey: friendKeys.pendingRequests(userId),
    fetchPage: (cursor, signal) => getPendingFriendRequestsPage(userId, cursor, signal),
  });

/** The pending requests, a page at a time (`flattenPages(data)` for what is loaded). */
export function usePendingFriendRequests() {
  const { user } = useAuth();
  return useInfiniteQuery(pendingFriendRequestsQueryOptions(user.id));
}
