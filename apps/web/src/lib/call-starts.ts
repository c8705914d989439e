import type { Query, QueryClient } from '@tanstack/react-query';

/** When each query last started a call (its `fetch` action): what a socket's catch-up re-reads (realtime/cache-sync). */
const callsStartedAt = new WeakMap<Query, number>();

/**
 * Records when each query of `queryClient` starts a call, from now on; returns the way to stop. Installed where the
 * client is made (lib/query-client.ts), before anything can ask: the router's loaders start the first screen's
 * calls before React has rendered anything.
 */
export function trackCallStarts(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch')
      callsStartedAt.set(event.query, Date.now());
  });
}

/**
 * The newest moment a query's data can reflect: when its last call started, or, for data never asked for while
 * tracked (restored from the offline cache, set by hand), when it was set.
 */
export const readAt = (query: Query): number => callsStartedAt.get(query) ?? query.state.dataUpdatedAt;
