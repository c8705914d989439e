import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationEndpoints, type Notification } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { getEndpointPage } from '@/lib/cursor-pages';
import { notificationKeys } from '@/lib/query-keys';

/** Notifications per page (the API allows 1–100). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationsPage {
  notifications: Notification[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/**
 * GET /v1/notifications?limit&cursor (docs/notifications.md): one keyset page, newest first; `nextCursor` sits beside
 * `data` in the envelope.
 */
export async function getNotificationsPage(
  cursor: string | null,
  signal?: AbortSignal,
  limit = NOTIFICATIONS_PAGE_SIZE,
): Promise<NotificationsPage> {
  const page = await getEndpointPage(notificationEndpoints.list, { cursor, limit, signal });
  return { notifications: page.data, nextCursor: page.nextCursor };
}

export const notificationsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotifications() {
  const { user } = useAuth();
  return useInfiniteQuery(notificationsQueryOptions(user.id));
}
