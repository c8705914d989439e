import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { roomKeys } from './room-keys';

/** GET /v1/rooms/invites/count: how many invites wait for an answer. */
export async function getInviteCount(signal?: AbortSignal): Promise<number> {
  const data = await api.get('/rooms/invites/count', { schema: countResponse.shape.data, signal });
  return data.count;
}

export const inviteCountQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.inviteCount(), queryFn: ({ signal }) => getInviteCount(signal) });

export function useInviteCount() {
  return useQuery(inviteCountQueryOptions());
}
