import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type Invite } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/** GET /v1/rooms/invites: the signed-in user's pending invites, each with its room and host. */
export function getInvites(signal?: AbortSignal): Promise<Invite[]> {
  return api.call(roomEndpoints.invites, { signal });
}

export const invitesQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.invites(), queryFn: ({ signal }) => getInvites(signal) });

export function useInvites() {
  return useQuery(invitesQueryOptions());
}
