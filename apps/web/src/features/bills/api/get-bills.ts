import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { billEndpoints, type Bill } from '@outing/contract';
import { api } from '@/lib/api-client';
import { cursorListOptions, getEndpointPage, type CursorPage } from '@/lib/cursor-pages';
import { billKeys } from '@/lib/query-keys';

/**
 * GET /v1/bills?roomId=: every bill of the room, newest first (members only, 403). No screen reads it whole any more
 * (docs/pagination.md); the mock mode's tests compare with it.
 */
export function getBills(roomId: string, signal?: AbortSignal): Promise<Bill[]> {
  return api.call(billEndpoints.list, { query: { roomId }, signal });
}

/** GET /v1/bills?roomId=&limit&cursor: one page of the room's bills, newest first (date, then id). */
export function getBillsPage(
  roomId: string,
  cursor: string | null,
  { signal, limit }: { signal?: AbortSignal; limit?: number } = {},
): Promise<CursorPage<Bill>> {
  return getEndpointPage(billEndpoints.list, { cursor, query: { roomId }, limit, signal });
}

export const billPagesQueryOptions = (roomId: string) =>
  cursorListOptions({
    queryKey: billKeys.pages(roomId),
    fetchPage: (cursor, signal) => getBillsPage(roomId, cursor, { signal }),
  });

/**
 * The room's bills a page at a time (docs/pagination.md). Bills are dated when added and a round closes every bill
 * before it, so the list is the open round first, then each settled round, newest first: a page never mixes an
 * older round in before a newer one.
 */
export function useBillPages(roomId: string) {
  return useInfiniteQuery(billPagesQueryOptions(roomId));
}

/** Whether the room has a bill at all: one bill's page, not the list. */
export function useHasBills(roomId: string) {
  return useQuery({
    queryKey: billKeys.any(roomId),
    queryFn: async ({ signal }) => (await getBillsPage(roomId, null, { signal, limit: 1 })).data.length > 0,
  });
}
