/**
 * The signed-in user's notifications (the calls themselves name no user; the key does, so caches never mix).
 * Zod-free: the tab bar and the realtime module, both in the start-up bundle, use them.
 */
export const notificationKeys = {
  all: (userId: number) => ['users', userId, 'notifications'] as const,
  /** The keyset pages of the list (an infinite query). */
  list: (userId: number) => [...notificationKeys.all(userId), 'list'] as const,
  /** GET /v1/notifications/unread-count: the tab bar's badge. */
  unreadCount: (userId: number) => [...notificationKeys.all(userId), 'unread'] as const,
};
