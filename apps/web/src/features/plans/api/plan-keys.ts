import { roomKeys } from '@/entities/room/room-keys';

/**
 * Query keys of a room's plan. They sit under the room's detail key on purpose: a `ROOM_UPDATED` frame invalidates
 * `['rooms', 'detail', roomId]` (app/realtime/cache-sync.ts), and so, by prefix, the guests and the date poll too.
 */
export const planKeys = {
  guests: (roomId: string) => [...roomKeys.detail(roomId), 'guests'] as const,
  datePoll: (roomId: string) => [...roomKeys.detail(roomId), 'date-poll'] as const,
};
