import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSchema, type Notification } from '@outing/contract';
import { z } from 'zod';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

const notificationsSchema = z.array(notificationSchema);

/** GET /v1/notifications: the caller's, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return api.get('/notifications', { schema: notificationsSchema, signal });
}

export const notificationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ signal }) => getNotifications(signal),
  });

export function useNotifications() {
  const { user } = useAuth();
  return useQuery(notificationsQueryOptions(user.id));
}
