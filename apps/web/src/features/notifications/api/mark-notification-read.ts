import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSchema, type Notification } from '@outing/contract';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** PATCH /v1/users/{id}/notifications/{notificationId}: marks it read (idempotent); 404 if not yours. */
export function markNotificationRead(userId: number, notificationId: number): Promise<Notification> {
  return api.patch(`/users/${userId}/notifications/${notificationId}`, undefined, {
    schema: notificationSchema,
  });
}

/**
 * The row flips to read at once, in the cache (no refetch); a failure flips it back. The server's answer then
 * replaces the row.
 */
export function useMarkNotificationRead() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = notificationKeys.list(user.id);
  const setRead = (id: number, isRead: boolean) =>
    queryClient.setQueryData<Notification[]>(key, (list) =>
      list?.map((n) => (n.id === id ? { ...n, isRead } : n)),
    );

  return useMutation({
    mutationFn: (notificationId: number) => markNotificationRead(user.id, notificationId),
    onMutate: async (notificationId) => {
      // A list fetch in flight must not overwrite the optimistic flip with the old state.
      await queryClient.cancelQueries({ queryKey: key });
      setRead(notificationId, true);
    },
    onError: (_error, notificationId) => setRead(notificationId, false),
    onSuccess: (updated) =>
      queryClient.setQueryData<Notification[]>(key, (list) =>
        list?.map((n) => (n.id === updated.id ? updated : n)),
      ),
  });
}
