/** The signed-in user's notifications (the call itself names no user; the key does, so caches never mix). */
export const notificationKeys = {
  list: (userId: number) => ['users', userId, 'notifications'] as const,
};
