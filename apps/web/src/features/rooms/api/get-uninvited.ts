import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { roomKeys } from './room-keys';

const usersSchema = z.array(userSchema);

/** GET /v1/rooms/{id}/uninvited: the user's friends who are neither members nor invited (members only). */
export function getUninvited(roomId: string, signal?: AbortSignal): Promise<User[]> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/uninvited`, { schema: usersSchema, signal });
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
