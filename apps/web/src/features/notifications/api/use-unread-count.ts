import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/hooks/use-auth';
import { notificationKeys } from '@/lib/query-keys';

/**
 * The signed-in user's unread notifications (the tab bar's badge). Part of the start-up bundle: the fetcher is
 * imported on demand. Kept live by the socket (app/realtime/cache-sync.ts): a NOTIFICATION re-fetches it, a
 * NOTIFICATIONS_READ sets it.
 */
export function useUnreadNotificationCount(): number {
  const { user, status } = useAuth();
  const { data = 0 } = useQuery({
    queryKey: notificationKeys.unreadCount(user.id),
    queryFn: async ({ signal }) => {
      const { fetchUnreadNotificationCount } = await import('./fetch-unread-count');
      return fetchUnreadNotificationCount(signal);
    },
    enabled: status === 'authenticated' && user.id !== -1,
  });
  return data;
}
