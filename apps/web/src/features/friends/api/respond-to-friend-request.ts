import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendEndpoints, type FriendRequest } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { updateCursorPages } from '@/lib/cursor-pages';
import { friendKeys } from '@/lib/query-keys';

export type FriendRequestAction = 'accept' | 'reject';

export interface FriendRequestAnswer {
  request: FriendRequest;
  action: FriendRequestAction;
}

/** PATCH /v1/users/{id}/friends/requests {requestId, action}: 404 not yours, 409 already answered. */
export function respondToFriendRequest(
  userId: number,
  requestId: number,
  action: FriendRequestAction,
): Promise<FriendRequest> {
  return api.call(friendEndpoints.respond, { params: { id: userId }, body: { requestId, action } });
}

/**
 * The answered request leaves the cached list and the pending count drops; an accepted one makes a new friend, so
 * the friends list and count are fetched anew. A 404/409 means the cached list is out of date: it is refetched.
 */
export function useRespondToFriendRequest() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, action }: FriendRequestAnswer) =>
      respondToFriendRequest(user.id, request.id, action),
    onSuccess: (_answered, { request, action }) => {
      updateCursorPages<FriendRequest>(queryClient, friendKeys.pendingRequests(user.id), (requests) =>
        requests.filter((r) => r.id !== request.id),
      );
      queryClient.setQueryData<number>(friendKeys.pendingRequestCount(user.id), (count) =>
        count === undefined ? count : Math.max(0, count - 1),
      );
      if (action === 'accept') {
        void queryClient.invalidateQueries({ queryKey: friendKeys.list(user.id) });
        void queryClient.invalidateQueries({ queryKey: friendKeys.count(user.id) });
      }
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: friendKeys.pendingRequests(user.id) });
        void queryClient.invalidateQueries({ queryKey: friendKeys.pendingRequestCount(user.id) });
      }
    },
  });
}
