import { useEffect } from 'react';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { notificationEndpoints, type Notification } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import type { NotificationsPage } from './get-notifications';
import { notificationKeys } from '@/lib/query-keys';

/** PATCH /v1/users/{id}/notifications/{notificationId}: marks it read (idempotent); 404 if not yours. */
export function markNotificationRead(userId: number, notificationId: number): Promise<Notification> {
  return api.call(notificationEndpoints.markRead, { params: { id: userId, notificationId } });
}

/** POST /v1/notifications/read-all: every unread notification of the caller becomes read. */
export function markAllNotificationsRead(): Promise<{ marked: number; unread: number }> {
  return api.call(notificationEndpoints.readAll, { body: {} });
}

function useNotificationCache() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const listKey = notificationKeys.list(user.id);
  const countKey = notificationKeys.unreadCount(user.id);
  const update = (fn: (n: Notification) => Notification) =>
    queryClient.setQueryData<InfiniteData<NotificationsPage>>(listKey, (data) =>
      data
        ? { ...data, pages: data.pages.map((p) => ({ ...p, notifications: p.notifications.map(fn) })) }
        : data,
    );
  const find = (id: number) =>
    queryClient
      .getQueryData<InfiniteData<NotificationsPage>>(listKey)
      ?.pages.flatMap((p) => p.notifications)
      .find((n) => n.id === id);
  return { user, queryClient, listKey, countKey, update, find };
}

/**
 * The row flips to read at once, in the cache (no refetch), and the badge drops by one; a failure puts both back.
 * The server's answer then replaces the row.
 */
export function useMarkNotificationRead() {
  const { user, queryClient, listKey, countKey, update, find } = useNotificationCache();
  const setRead = (id: number, isRead: boolean) => update((n) => (n.id === id ? { ...n, isRead } : n));
  const shiftCount = (by: number) =>
    queryClient.setQueryData<number>(countKey, (count) =>
      count === undefined ? count : Math.max(0, count + by),
    );

  return useMutation({
    mutationFn: (notificationId: number) => markNotificationRead(user.id, notificationId),
    onMutate: async (notificationId) => {
      // A list fetch in flight must not overwrite the optimistic flip with the old state.
      await queryClient.cancelQueries({ queryKey: listKey });
      const wasUnread = find(notificationId)?.isRead === false;
      setRead(notificationId, true);
      if (wasUnread) shiftCount(-1);
      return { wasUnread };
    },
    onError: (_error, notificationId, context) => {
      setRead(notificationId, false);
      if (context?.wasUnread) shiftCount(1);
    },
    onSuccess: (updated) => update((n) => (n.id === updated.id ? { ...n, ...updated } : n)),
  });
}

/** "Mark all as read": every row and the badge at once; a failure re-fetches both. */
export function useMarkAllNotificationsRead() {
  const { user, queryClient, listKey, countKey, update } = useNotificationCache();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: listKey });
      update((n) => (n.isRead ? n : { ...n, isRead: true }));
      queryClient.setQueryData(countKey, 0);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all(user.id) }),
    onSuccess: ({ unread }) => queryClient.setQueryData(countKey, unread),
  });
}

/**
 * Opening a room's page reads its notifications that merely inform (moved, date poll, date set, a place opened up,
 * reminders; never invites or debts): POST /v1/notifications/read-all {roomId}, once per visit of a member.
 */
export function useReadRoomNotifications(roomId: string, member: boolean) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!member) return;
    api
      .call(notificationEndpoints.readAll, { body: { roomId } })
      .then(({ marked, unread }) => {
        queryClient.setQueryData(notificationKeys.unreadCount(user.id), unread);
        if (marked > 0) void queryClient.invalidateQueries({ queryKey: notificationKeys.list(user.id) });
      })
      .catch(() => {
        // Nothing to tell: they stay unread until the next visit.
      });
  }, [queryClient, user.id, roomId, member]);
}
