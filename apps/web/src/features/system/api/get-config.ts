import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints, type PublicConfig } from '@outing/contract';
import { api } from '@/lib/api-client';
import { systemKeys } from '@/lib/query-keys';

/** GET /v1/config: push key and sign-in options, read at run time (docs/api/README.md#transport). */
export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.call(systemEndpoints.config, { signal });
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.config(),
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });

export function useConfig() {
  return useQuery(configQueryOptions());
}
