import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendEndpoints, type FriendRequest, type UserSearchResult } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { friendKeys } from '@/lib/query-keys';

/** POST /v1/users/{id}/friends/requests {friendId}: 404 unknown user, 409 (readable message) when not possible. */
export function sendFriendRequest(userId: number, friendId: number): Promise<FriendRequest> {
  return api.call(friendEndpoints.sendRequest, { params: { id: userId }, body: { friendId } });
}

/** After success every cached search shows that person as pending. */
export function useSendFriendRequest() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: number) => sendFriendRequest(user.id, friendId),
    onSuccess: (_request, friendId) => {
      queryClient.setQueriesData<UserSearchResult[]>({ queryKey: friendKeys.searches(user.id) }, (results) =>
        results?.map((result) => (result.id === friendId ? { ...result, requestPending: true } : result)),
      );
    },
  });
}
