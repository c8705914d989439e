import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendEndpoints, type Friend } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { updateCursorPages } from '@/lib/cursor-pages';
import { friendKeys } from '@/lib/query-keys';

/** DELETE /v1/users/{id}/friends/{friendId}: both ways; 404 when not friends. */
export async function removeFriend(userId: number, friendId: number): Promise<void> {
  await api.call(friendEndpoints.remove, { params: { id: userId, friendId } });
}

/** The friend leaves the cached list only once the server has removed them; the count is fetched anew. */
export function useRemoveFriend() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friend: Friend) => removeFriend(user.id, friend.id),
    onSuccess: (_nothing, friend) => {
      updateCursorPages<Friend>(queryClient, friendKeys.list(user.id), (friends) =>
        friends.filter((f) => f.id !== friend.id),
      );
      void queryClient.invalidateQueries({ queryKey: friendKeys.count(user.id) });
    },
  });
}
