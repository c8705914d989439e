import { useInfiniteQuery } from '@tanstack/react-query';
import { billEndpoints, type Activity } from '@outing/contract';
import { cursorListOptions, getEndpointPage, LIST_PAGE_SIZE, type CursorPage } from '@/lib/cursor-pages';
import { activityKeys } from '@/lib/query-keys';

/** One keyset page of the room's history (members only), each line checked against the contract. */
export function getRoomActivityPage(
  roomId: string,
  cursor: string | null,
  { signal, limit }: { signal?: AbortSignal; limit?: number } = {},
): Promise<CursorPage<Activity>> {
  return getEndpointPage(billEndpoints.roomActivity, { params: { id: roomId }, cursor, limit, signal });
}

/** One keyset page of a bill's history (members of its room; a deleted bill's too). */
export function getBillActivityPage(
  billId: number,
  cursor: string | null,
  { signal, limit }: { signal?: AbortSignal; limit?: number } = {},
): Promise<CursorPage<Activity>> {
  return getEndpointPage(billEndpoints.billActivity, { params: { id: billId }, cursor, limit, signal });
}

interface ActivityOptions {
  /** Lines a page (1–100). */
  limit?: number;
  /** Read only while shown (a closed disclosure reads nothing). */
  enabled?: boolean;
}

/** The room's history a page at a time, newest first; "Load more" for older pages. */
export function useRoomActivity(
  roomId: string,
  { limit = LIST_PAGE_SIZE, enabled = true }: ActivityOptions = {},
) {
  return useInfiniteQuery({
    ...cursorListOptions({
      queryKey: activityKeys.room(roomId, limit),
      fetchPage: (cursor, signal) => getRoomActivityPage(roomId, cursor, { signal, limit }),
    }),
    enabled,
  });
}

/** A bill's history a page at a time, newest first. */
export function useBillActivity(
  roomId: string,
  billId: number,
  { limit = LIST_PAGE_SIZE, enabled = true }: ActivityOptions = {},
) {
  return useInfiniteQuery({
    ...cursorListOptions({
      queryKey: activityKeys.bill(roomId, billId, limit),
      fetchPage: (cursor, signal) => getBillActivityPage(billId, cursor, { signal, limit }),
    }),
    enabled,
  });
}
