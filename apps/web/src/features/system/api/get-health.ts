import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemEndpoints, type healthSchema } from '@outing/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { systemKeys } from '@/lib/query-keys';

export type Health = z.infer<typeof healthSchema>;

/** GET /v1/health. */
export function getHealth(signal?: AbortSignal): Promise<Health> {
  return api.call(systemEndpoints.health, { signal });
}

export const healthQueryOptions = () =>
  queryOptions({ queryKey: systemKeys.health(), queryFn: ({ signal }) => getHealth(signal) });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
