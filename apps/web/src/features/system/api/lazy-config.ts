import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@outing/contract';
import { systemKeys } from '@/lib/query-keys';

/**
 * The same query as `configQueryOptions` (same key, same cache), with the fetcher loaded on demand: the login
 * screen reads the sign-in options without putting the API client and zod into its own chunk.
 */
export const lazyConfigQueryOptions = () =>
  queryOptions<PublicConfig>({
    queryKey: systemKeys.config(),
    queryFn: async ({ signal }) => (await import('./get-config')).getConfig(signal),
    staleTime: Infinity,
  });
