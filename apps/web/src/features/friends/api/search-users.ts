import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { friendEndpoints, type UserSearchResult } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { friendKeys } from '@/lib/query-keys';

/**
 * GET /v1/users/{id}/friends/search?query=: up to 10 people to befriend (not yourself, not friends), each saying
 * whether a request is already pending either way.
 */
export function searchUsers(
  userId: number,
  query: string,
  signal?: AbortSignal,
): Promise<UserSearchResult[]> {
  return api.call(friendEndpoints.search, { params: { id: userId }, query: { query }, signal });
}

/** A blank query asks nothing: the server would answer [] anyway. */
export const userSearchQueryOptions = (userId: number, query: string) =>
  queryOptions({
    queryKey: friendKeys.search(userId, query),
    queryFn: ({ signal }) => searchUsers(userId, query, signal),
    enabled: query !== '',
  });

/** `query` is the already debounced, trimmed text; the previous results stay on screen while the next load. */
export function useUserSearch(query: string) {
  const { user } = useAuth();
  return useQuery({ ...userSearchQueryOptions(user.id, query), placeholderData: keepPreviousData });
}
