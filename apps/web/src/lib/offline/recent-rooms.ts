import type { QueryClient } from '@tanstack/react-query';
import { offlineKeys } from '../query-keys';

// Rooms the user opened lately, most recent first: the offline cache keeps these rooms' data (issue #21). Kept as a
// query entry, so it is the user's own (cleared with the cache on logout) and persisted with the rest.

/** How many rooms the offline cache keeps. */
export const MAX_RECENT_ROOMS = 10;

export function recentRooms(queryClient: QueryClient): string[] {
  return queryClient.getQueryData<string[]>(offlineKeys.recentRooms) ?? [];
}

/** The room page and the chat call it when a room is opened. */
export function markRoomViewed(queryClient: QueryClient, roomId: string): void {
  const id = roomId.toLowerCase();
  if (recentRooms(queryClient)[0] === id) return;
  // No screen observes it: without this it would be garbage collected after five minutes.
  queryClient.setQueryDefaults(offlineKeys.recentRooms, { gcTime: Infinity, staleTime: Infinity });
  queryClient.setQueryData<string[]>(offlineKeys.recentRooms, (current = []) =>
    [id, ...current.filter((r) => r !== id)].slice(0, MAX_RECENT_ROOMS),
  );
}
