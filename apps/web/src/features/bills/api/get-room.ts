import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, userSchema, type Room, type User } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sharedRoomKeys } from './bill-keys';

const attendeesSchema = z.array(userSchema);

/** GET /v1/rooms/{id}: the room (name, host, closed); 404 when unknown. */
export function getRoom(roomId: string, signal?: AbortSignal): Promise<Room> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}`, { schema: roomSchema, signal });
}

/** GET /v1/rooms/{id}/attendees: the members, host first (members only, 403). */
export function getAttendees(roomId: string, signal?: AbortSignal): Promise<User[]> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/attendees`, { schema: attendeesSchema, signal });
}

export const roomQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: sharedRoomKeys.detail(roomId), queryFn: ({ signal }) => getRoom(roomId, signal) });

export const attendeesQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: sharedRoomKeys.attendees(roomId),
    queryFn: ({ signal }) => getAttendees(roomId, signal),
  });

export function useBillRoom(roomId: string) {
  return useQuery(roomQueryOptions(roomId));
}

/** `initial` (the attendees in navigation state) shows at once; the server's list replaces it. */
export function useBillAttendees(roomId: string, initial?: User[]) {
  return useQuery({
    ...attendeesQueryOptions(roomId),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}
