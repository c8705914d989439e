import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type Room } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/**
 * GET /v1/rooms/{id}: any signed-in user who knows the id may read it; 404 when unknown or malformed. The one read of
 * a room, under the one key (`roomKeys.detail`): the room page, the chat and the bills screens share its answer.
 */
export function getRoom(roomId: string, signal?: AbortSignal): Promise<Room> {
  return api.call(roomEndpoints.get, { params: { id: roomId }, signal });
}

export const roomQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: roomKeys.detail(roomId), queryFn: ({ signal }) => getRoom(roomId, signal) });

/** `initial` (e.g. from navigation state) shows at once; the server's copy replaces it. */
export function useRoom(roomId: string, initial?: Room) {
  return useQuery({
    ...roomQueryOptions(roomId),
    ...(initial && initial.id === roomId ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
  });
}
