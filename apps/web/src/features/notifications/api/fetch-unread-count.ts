import { notificationEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';

/** GET /v1/notifications/unread-count. Loaded on demand by the tab bar (it brings zod and the API client). */
export async function fetchUnreadNotificationCount(signal?: AbortSignal): Promise<number> {
  const data = await api.call(notificationEndpoints.unreadCount, { signal });
  return data.count;
}
