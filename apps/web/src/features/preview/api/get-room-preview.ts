import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type RoomPreview } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomPreviewKey } from '@/lib/query-keys';

/**
 * GET /v1/rooms/{id}/preview: what a link holder sees before joining (no sign-in needed; no member names).
 * 404 when unknown or malformed.
 */
export function getRoomPreview(roomId: string, signal?: AbortSignal): Promise<RoomPreview> {
  return api.call(roomEndpoints.preview, { params: { id: roomId }, signal });
}

export const roomPreviewQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: roomPreviewKey(roomId),
    queryFn: ({ signal }) => getRoomPreview(roomId, signal),
  });

export function useRoomPreview(roomId: string) {
  return useQuery(roomPreviewQueryOptions(roomId));
}
