import { z } from 'zod';
import { api } from '../../../lib/api-client';

const countSchema = z.object({ count: z.number().int().nonnegative() });

/** GET /v1/notifications/unread-count. Loaded on demand by the tab bar (it brings zod and the API client). */
export async function fetchUnreadNotificationCount(signal?: AbortSignal): Promise<number> {
  const data = await api.get('/notifications/unread-count', { schema: countSchema, signal });
  return data.count;
}
