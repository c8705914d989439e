import { queryOptions, useQuery } from '@tanstack/react-query';
import { billEndpoints, type RoomStats } from '@outing/contract';
import { api } from '@/lib/api-client';
import { billKeys } from '@/lib/query-keys';

/**
 * GET /v1/rooms/{id}/stats (members and the room's guests, 403 otherwise; docs/api/README.md#statistics): the room's
 * live bills summed in major units of its currency, by category (largest first), by member (paid and share) and by
 * day in the room's time zone (oldest first). Under the room's bills key, so every bill change refreshes it.
 */
export function getRoomStats(roomId: string, signal?: AbortSignal): Promise<RoomStats> {
  return api.call(billEndpoints.stats, { params: { id: roomId }, signal });
}

export const roomStatsQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: billKeys.stats(roomId), queryFn: ({ signal }) => getRoomStats(roomId, signal) });

export function useRoomStats(roomId: string) {
  return useQuery(roomStatsQueryOptions(roomId));
}
