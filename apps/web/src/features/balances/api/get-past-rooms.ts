import { useInfiniteQuery } from '@tanstack/react-query';
import { roomEndpoints, type Room } from '@outing/contract';
import { cursorListOptions, getEndpointPage, type CursorPage } from '@/lib/cursor-pages';
import { balanceKeys } from '@/lib/query-keys';

/**
 * GET /v1/rooms/past?limit&cursor: one page of the caller's closed rooms, most recently closed first (readable, no
 * longer changeable).
 */
export function getPastRoomsPage(cursor: string | null, signal?: AbortSignal): Promise<CursorPage<Room>> {
  return getEndpointPage(roomEndpoints.past, { cursor, signal });
}

export const pastRoomsQueryOptions = () =>
  cursorListOptions({
    queryKey: balanceKeys.pastRooms(),
    fetchPage: (cursor, signal) => getPastRoomsPage(cursor, signal),
  });

/** The past outings, a page at a time (`flattenPages(data)` for what is loaded). */
export function usePastRooms() {
  return useInfiniteQuery(pastRoomsQueryOptions());
}
