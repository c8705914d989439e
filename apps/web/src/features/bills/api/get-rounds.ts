import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { roundSchema, type Round } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cursorListOptions, getCursorPage } from '../../../lib/cursor-pages';
import { billKeys } from './bill-keys';

const roundsSchema = z.array(roundSchema);

/** GET /v1/rooms/{id}/rounds (members, 403): every settled round, newest first, with everyone's transfers. */
export function getRounds(roomId: string, signal?: AbortSignal): Promise<Round[]> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/rounds`, { schema: roundsSchema, signal });
}

export const roundsQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: billKeys.rounds(roomId), queryFn: ({ signal }) => getRounds(roomId, signal) });

export function useRounds(roomId: string, enabled = true) {
  return useQuery({ ...roundsQueryOptions(roomId), enabled });
}

/** GET /v1/rooms/{id}/rounds?limit&cursor: the settled rounds a page at a time, newest first (docs/pagination.md). */
export const roundPagesQueryOptions = (roomId: string) =>
  cursorListOptions({
    queryKey: billKeys.roundPages(roomId),
    fetchPage: (cursor, signal) =>
      getCursorPage(`/rooms/${encodeURIComponent(roomId)}/rounds`, roundSchema, { cursor, signal }),
  });

/** The split page's payments: every transfer of the settled rounds, read a page of rounds at a time. */
export function useRoundPages(roomId: string, enabled = true) {
  return useInfiniteQuery({ ...roundPagesQueryOptions(roomId), enabled });
}
