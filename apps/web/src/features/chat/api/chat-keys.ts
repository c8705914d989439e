import { roomKeys } from '@/entities/room/room-keys';

/** Query keys of the chat calls (zod-free: the realtime module in the start-up bundle uses them). */
export const chatKeys = {
  all: ['chat'] as const,
  messages: (roomId: string) => ['chat', 'messages', roomId.toLowerCase()] as const,
  /** GET /v1/rooms/{id}: the room page's entry (rooms/api/room-keys.ts), so both screens share one answer. */
  room: (roomId: string) => roomKeys.detail(roomId.toLowerCase()),
};

/** GET /v1/rooms/unread: each open room's chat unread count and mute (Home's room cards, the chat's mute). */
export const roomsUnreadKey = ['rooms', 'unread'] as const;
