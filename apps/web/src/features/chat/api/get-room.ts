import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** GET /v1/rooms/{id}: the chat's title and whether the room is closed. */
export function getRoom(roomId: string, signal?: AbortSignal): Promise<Room> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}`, { schema: roomSchema, signal });
}

export const chatRoomQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: chatKeys.room(roomId), queryFn: ({ signal }) => getRoom(roomId, signal) });

export function useChatRoom(roomId: string) {
  return useQuery(chatRoomQueryOptions(roomId));
}
