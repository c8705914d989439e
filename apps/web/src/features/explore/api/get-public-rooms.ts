import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { roomEndpoints, type Room } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';
import { nextCursorOf } from '@/lib/cursor-pages';
import { roomKeys } from '@/lib/query-keys';

/** Rooms per Explore page (the API allows 1–50). */
export const EXPLORE_PAGE_SIZE = 12;

export interface PublicRoomsPage {
  rooms: Room[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/**
 * GET /v1/rooms/public?q&limit&cursor (roomEndpoints.explore): one page of upcoming public rooms,
 * soonest first; `q` matches name or venue. `nextCursor` sits beside `data` in the envelope.
 */
export async function getPublicRoomsPage(
  { q, cursor, limit = EXPLORE_PAGE_SIZE }: { q: string; cursor: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<PublicRoomsPage> {
  const query: { limit: number; q?: string; cursor?: string } = { limit };
  if (q) query.q = q;
  if (cursor) query.cursor = cursor;
  const answer = await callEndpoint(roomEndpoints.explore, { query, signal });
  return { rooms: answer.data, nextCursor: nextCursorOf(answer) };
}

/**
 * Explore's pages for one search, under the public rooms' key: whatever refreshes "public rooms" (a join, a
 * ROOM_UPDATED frame) refreshes Explore too.
 */
export const exploreQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: roomKeys.explore(q),
    queryFn: ({ pageParam, signal }) => getPublicRoomsPage({ q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useExploreRooms(q: string) {
  return useInfiniteQuery(exploreQueryOptions(q));
}
