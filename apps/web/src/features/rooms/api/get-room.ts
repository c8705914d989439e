import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { roomKeys } from './room-keys';

/** GET /v1/rooms/{id}: any signed-in user who knows the id may read it; 404 when unknown or malformed. */
export function getRoom(roomId: string, signal?: AbortSignal): Promise<Room> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}`, { schema: roomSchema, signal });
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
