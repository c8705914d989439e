import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type User } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/** GET /v1/rooms/{id}/uninvited: the user's friends who are neither members nor invited (members only). */
export function getUninvited(roomId: string, signal?: AbortSignal): Promise<User[]> {
  return api.call(roomEndpoints.uninvited, { params: { id: roomId }, signal });
}

export const uninvitedQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: roomKeys.uninvited(roomId),
    queryFn: ({ signal }) => getUninvited(roomId, signal),
    staleTime: 0,
  });

export function useUninvited(roomId: string) {
  return useQuery(uninvitedQueryOptions(roomId));
}
