import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { roomKeys } from './room-keys';

const attendeesSchema = z.array(userSchema);

/** GET /v1/rooms/{id}/attendees: members only (403 otherwise); the host first, then by username. */
export function getAttendees(roomId: string, signal?: AbortSignal): Promise<User[]> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/attendees`, { schema: attendeesSchema, signal });
}

export const attendeesQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: roomKeys.attendees(roomId),
    queryFn: ({ signal }) => getAttendees(roomId, signal),
  });

export function useAttendees(roomId: string, enabled = true) {
  return useQuery({ ...attendeesQueryOptions(roomId), enabled });
}
