/**
 * Query keys of the friends calls. Everything hangs under the signed-in user's id, so one user's cache can never
 * answer for another, and a mutation can reach exactly the entries it changes.
 */
export const friendKeys = {
  all: (userId: number) => ['users', userId, 'friends'] as const,
  list: (userId: number) => [...friendKeys.all(userId), 'list'] as const,
  count: (userId: number) => [...friendKeys.all(userId), 'count'] as const,
  searches: (userId: number) => [...friendKeys.all(userId), 'search'] as const,
  search: (userId: number, query: string) => [...friendKeys.searches(userId), query] as const,
  pendingRequests: (userId: number) => [...friendKeys.all(userId), 'requests', 'pending'] as const,
  pendingRequestCount: (userId: number) => [...friendKeys.all(userId), 'requests', 'count'] as const,
};
