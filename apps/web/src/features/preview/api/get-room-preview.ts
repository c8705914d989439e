import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomPreviewSchema, type RoomPreview } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { roomKeys } from '../../rooms/api/room-keys';

/**
 * GET /v1/rooms/{id}/preview: what a link holder sees before joining (no sign-in needed; no member names).
 * 404 when unknown or malformed.
 */
export function getRoomPreview(roomId: string, signal?: AbortSignal): Promise<RoomPreview> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/preview`, { schema: roomPreviewSchema, signal });
}

/** Under the room's key: a ROOM_UPDATED frame or a join that refreshes the room refreshes its preview too. */
export const roomPreviewKey = (roomId: string) => [...roomKeys.detail(roomId), 'preview'] as const;

export const roomPreviewQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: roomPreviewKey(roomId),
    queryFn: ({ signal }) => getRoomPreview(roomId, signal),
  });

export function useRoomPreview(roomId: string) {
  return useQuery(roomPreviewQueryOptions(roomId));
}
