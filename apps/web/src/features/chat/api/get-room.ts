import { useQuery } from '@tanstack/react-query';
import { roomQueryOptions } from '@/entities/room/get-room';

/**
 * GET /v1/rooms/{id} (entities/room/get-room.ts): the chat's title and whether the room is closed, from the room
 * page's entry; the id lower-cased, as the server writes it (`chatKeys.room`, lib/query-keys.ts).
 */
export const chatRoomQueryOptions = (roomId: string) => roomQueryOptions(roomId.toLowerCase());

export function useChatRoom(roomId: string) {
  return useQuery(chatRoomQueryOptions(roomId));
}
