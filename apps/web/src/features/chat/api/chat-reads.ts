import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatEndpoints, type RoomUnread } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

// Chat read markers, unread counts and mutes (docs/notifications.md "Chat: read markers, unread, mutes").

/** GET /v1/rooms/unread: each open room of the caller, its chat's unread count (100 = "100 or more") and mute. */
export function getRoomsUnread(signal?: AbortSignal): Promise<RoomUnread[]> {
  return api.call(chatEndpoints.unread, { signal });
}

/** Kept live by the socket (app/realtime/cache-sync.ts): CREATE_MESSAGE raises a room's count, CHAT_READ sets it. */
export function useRoomsUnread() {
  return useQuery({ queryKey: roomKeys.unread(), queryFn: ({ signal }) => getRoomsUnread(signal) });
}

/** One room's entry, or undefined while loading (or for a room the caller is not in). */
export function useRoomUnread(roomId: string): RoomUnread | undefined {
  const room = roomId.toLowerCase();
  return useRoomsUnread().data?.find((entry) => entry.roomId.toLowerCase() === room);
}

function setEntry(
  queryClient: ReturnType<typeof useQueryClient>,
  roomId: string,
  update: (entry: RoomUnread) => RoomUnread,
) {
  const room = roomId.toLowerCase();
  queryClient.setQueryData<RoomUnread[]>(roomKeys.unread(), (list) =>
    list?.map((entry) => (entry.roomId.toLowerCase() === room ? update(entry) : entry)),
  );
}

/** PUT /v1/rooms/{id}/messages/read {messageId}: the marker moves forward to it (never back). */
export function markChatRead(roomId: string, messageId: number) {
  return api.call(chatEndpoints.read, { params: { id: roomId }, body: { messageId } });
}

/** How long the newest message must stay newest before it is marked read (a burst is one call). */
export const MARK_READ_DEBOUNCE_MS = 600;

/**
 * While the chat shows `newestId` (and the page is visible), marks the chat read up to it, debounced. The badge
 * of the room drops at once; the server's answer (and its CHAT_READ frame) then sets it.
 */
export function useMarkChatRead(roomId: string, newestId: number | undefined) {
  const queryClient = useQueryClient();
  const marked = useRef(0);
  useEffect(() => {
    if (newestId === undefined || newestId <= marked.current) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'hidden') return;
      marked.current = newestId;
      setEntry(queryClient, roomId, (entry) => ({ ...entry, unread: 0 }));
      markChatRead(roomId, newestId).then(
        (read) =>
          setEntry(queryClient, roomId, (entry) => ({
            ...entry,
            lastReadId: read.lastReadId,
            unread: read.unread,
          })),
        () => {
          // Not marked: the next message, or the next visit, tries again.
          marked.current = 0;
          void queryClient.invalidateQueries({ queryKey: roomKeys.unread() });
        },
      );
    }, MARK_READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [queryClient, roomId, newestId]);
}

/** PATCH /v1/rooms/{id}/mute {muted}: a muted chat's messages are never pushed to the caller. */
export function useMuteChat(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => api.call(chatEndpoints.mute, { params: { id: roomId }, body: { muted } }),
    onSuccess: ({ muted }) => setEntry(queryClient, roomId, (entry) => ({ ...entry, muted })),
  });
}
