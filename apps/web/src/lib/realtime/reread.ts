import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Re-fetches the queries on screen that `filters` match, each with a call that starts now. TanStack's refetch (the
 * one `invalidateQueries` runs) cancels a call under way only when the query already has data: a query's first
 * call is joined instead, and its answer kept, though the server may have given it before the change that a frame
 * announces (or before the socket was there to announce it). So a first call under way is dropped here first (its
 * awaiters get the new call's answer).
 */
export function refetchActiveAfresh(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  const active = { ...filters, type: 'active' } as const;
  for (const query of queryClient.getQueryCache().findAll(active)) {
    // The ones refetchQueries fetches below; a paused call (offline) is sent when it continues, after the change.
    if (query.isDisabled() || query.isStatic()) continue;
    if (query.state.data === undefined && query.state.fetchStatus === 'fetching')
      void query.cancel({ silent: true });
  }
  return queryClient.refetchQueries(active, { cancelRefetch: true });
}

/** Marks what `filters` match stale, and re-fetches those on screen with calls that start now. */
export function invalidateAfresh(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  void queryClient.invalidateQueries({ ...filters, refetchType: 'none' });
  return refetchActiveAfresh(queryClient, filters);
}
