import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cursorListOptions, getCursorPage, type CursorPage } from '../../../lib/cursor-pages';
import { roomKeys } from './room-keys';

export const roomsSchema = z.array(roomSchema);

/** GET /v1/rooms?limit&cursor: one page of the signed-in user's open rooms, most recently updated first. */
export function getRoomsPage(cursor: string | null, signal?: AbortSignal): Promise<CursorPage<Room>> {
  return getCursorPage('/rooms', roomSchema, { cursor, signal });
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
  return api.get('/rooms', { schema: roomsSchema, signal });
}

export function useAllRooms() {
  return useQuery(
    queryOptions({ queryKey: roomKeys.allList(), queryFn: ({ signal }) => getAllRooms(signal) }),
  );
}
