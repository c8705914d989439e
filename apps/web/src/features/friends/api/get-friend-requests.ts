import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendRequestSchema, type FriendRequest } from '@outing/contract';
import { z } from 'zod';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { friendKeys } from './friend-keys';

const requestsSchema = z.array(friendRequestSchema);

/** GET /v1/users/{id}/friends/requests?status=pending: requests the signed-in user received, newest first. */
export function getPendingFriendRequests(userId: number, signal?: AbortSignal): Promise<FriendRequest[]> {
  return api.get(`/users/${userId}/friends/requests`, {
    query: { status: 'pending' },
    schema: requestsSchema,
    signal,
  });
}

export const pendingFriendRequestsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.pendingRequests(userId),
    queryFn: ({ signal }) => getPendingFriendRequests(userId, signal),
  });

export function usePendingFriendRequests() {
  const { user } = useAuth();
  return useQuery(pendingFriendRequestsQueryOptions(user.id));
}
