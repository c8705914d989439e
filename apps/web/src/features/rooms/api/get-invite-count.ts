import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/** GET /v1/rooms/invites/count: how many invites wait for an answer. */
export async function getInviteCount(signal?: AbortSignal): Promise<number> {
  const data = await api.call(roomEndpoints.inviteCount, { signal });
  return data.count;
}

export const inviteCountQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.inviteCount(), queryFn: ({ signal }) => getInviteCount(signal) });

export function useInviteCount() {
  return useQuery(inviteCountQueryOptions());
}
