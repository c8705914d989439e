import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendSchema, type Friend } from '@outing/contract';
import { z } from 'zod';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { friendKeys } from './friend-keys';

const friendsSchema = z.array(friendSchema);

/** GET /v1/users/{id}/friends: the signed-in user's friends, by username. */
export function getFriends(userId: number, signal?: AbortSignal): Promise<Friend[]> {
  return api.get(`/users/${userId}/friends`, { schema: friendsSchema, signal });
}

export const friendsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: friendKeys.list(userId), queryFn: ({ signal }) => getFriends(userId, signal) });

export function useFriends() {
  const { user } = useAuth();
  return useQuery(friendsQueryOptions(user.id));
}
