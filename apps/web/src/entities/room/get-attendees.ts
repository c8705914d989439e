import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type User } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/**
 * GET /v1/rooms/{id}/attendees: members only (403 otherwise); the host first, then by username. Each carries its
 * `rsvp` too; read as users, as joining stores them (cache.ts `storeMembership`).
 */
export function getAttendees(roomId: string, signal?: AbortSignal): Promise<User[]> {
  return api.call(roomEndpoints.attendees, { params: { id: roomId }, signal });
}

export const attendeesQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: roomKeys.attendees(roomId),
    queryFn: ({ signal }) => getAttendees(roomId, signal),
  });

export function useAttendees(roomId: string, enabled = true) {
  return useQuery({ ...attendeesQueryOptions(roomId), enabled });
}
