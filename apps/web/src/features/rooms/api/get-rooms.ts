import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type Room } from '@outing/contract';
import { api } from '@/lib/api-client';
import { cursorListOptions, getEndpointPage, type CursorPage } from '@/lib/cursor-pages';
import { roomKeys } from '@/lib/query-keys';

/** GET /v1/rooms?limit&cursor: one page of the signed-in user's open rooms, most recently updated first. */
export function getRoomsPage(cursor: string | null, signal?: AbortSignal): Promise<CursorPage<Room>> {
  return getEndpointPage(roomEndpoints.list, { cursor, signal });
}

export const roomsQueryOptions = () =>
  cursorListOptions({
    queryKey: roomKeys.list(),
    fetchPage: (cursor, signal) => getRoomsPage(cursor, signal),
  });

/** The user's open rooms, a page at a time (`flattenPages(data)` for what is loaded). */
export function useRooms() {
  return useInfiniteQuery(roomsQueryOptions());
}

/**
 * GET /v1/rooms without a page: every open room. Only for the account deletion warning, which must name every room
 * the user hosts (a warning read once, on a rarely opened screen); the lists read pages.
 */
export function getAllRooms(signal?: AbortSignal): Promise<Room[]> {
  return api.call(roomEndpoints.list, { signal });
}

export function useAllRooms() {
  return useQuery(
    queryOptions({ queryKey: roomKeys.allList(), queryFn: ({ signal }) => getAllRooms(signal) }),
  );
}
