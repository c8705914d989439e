import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { billSchema, type Bill } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cursorListOptions, getCursorPage, type CursorPage } from '../../../lib/cursor-pages';
import { billKeys } from './bill-keys';

const billsSchema = z.array(billSchema);

/**
 * GET /v1/bills?roomId=: every bill of the room, newest first (members only, 403). No screen reads it whole any more
 * (docs/pagination.md); the mock mode's tests compare with it.
 */
export function getBills(roomId: string, signal?: AbortSignal): Promise<Bill[]> {
  return api.get('/bills', { query: { roomId }, schema: billsSchema, signal });
}

/**
 * GET /v1/bills?roomId=&limit&cursor: one page of the room's bills, newest first (date, then id); with `ownerId`, of
 * the bills that member paid.
 */
export function getBillsPage(
  roomId: string,
  cursor: string | null,
  { signal, limit, ownerId }: { signal?: AbortSignal; limit?: number; ownerId?: number } = {},
): Promise<CursorPage<Bill>> {
  const query = ownerId === undefined ? { roomId } : { roomId, ownerId };
  return getCursorPage('/bills', billSchema, { cursor, query, limit, signal });
}

/** An owner's group on the split page: its first page is small, the rest comes on "Load more". */
export const OWNER_BILLS_PAGE_SIZE = 10;

export const ownerBillPagesQueryOptions = (roomId: string, ownerId: number) =>
  cursorListOptions({
    queryKey: billKeys.ownerPages(roomId, ownerId),
    fetchPage: (cursor, signal) =>
      getBillsPage(roomId, cursor, { signal, ownerId, limit: OWNER_BILLS_PAGE_SIZE }),
  });

/** The bills one member paid, a page at a time (the split page's owner groups); only while `enabled`. */
export function useOwnerBillPages(roomId: string, ownerId: number, enabled = true) {
  return useInfiniteQuery({ ...ownerBillPagesQueryOptions(roomId, ownerId), enabled });
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
