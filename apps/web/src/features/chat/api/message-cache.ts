import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message } from '@outing/contract';
import type { FrameOf } from '@/lib/realtime';
import { chatKeys } from '@/lib/query-keys';
import type { MessagesPage } from './get-messages';

export type MessagesData = InfiniteData<MessagesPage, number | null>;

export type LiveMessage = FrameOf<'CREATE_MESSAGE'>['data'];

function hasMessage(data: MessagesData, id: number): boolean {
  return data.pages.some((page) => page.messages.some((m) => m.id === id));
}

/** Puts a message (sent or received) on the newest cached page, once. Nothing cached: the next fetch brings it. */
export function addMessageToCache(queryClient: QueryClient, roomId: string, message: Message): void {
  queryClient.setQueryData<MessagesData>(chatKeys.messages(roomId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || hasMessage(data, message.id)) return data;
    return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
  });
}

/**
 * The conversation, oldest first, each message once: the fetched pages plus messages that arrived beside them
 * (live frames, own sends), which a re-fetch in flight could otherwise drop or repeat.
 */
export function mergeMessages(
  pages: readonly MessagesPage[] | undefined,
  extra: readonly Message[],
): Message[] {
  const byId = new Map<number, Message>();
  for (const page of pages ?? []) for (const message of page.messages) byId.set(message.id, message);
  for (const message of extra) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A socket frame as a message; the frame has no picture and no guest mark, so the sender's picture and `isGuest`
 * (docs/guests.md) come from earlier messages.
 */
export function messageFromFrame(live: LiveMessage, known: readonly Message[]): Message {
  const earlier = known.findLast((m) => m.senderId === live.senderId)?.sender;
  const pictureUrl = earlier?.pictureUrl ?? '';
  const isGuest = (earlier as { isGuest?: boolean } | undefined)?.isGuest === true;
  return {
    id: live.id,
    roomId: live.roomId,
    senderId: live.senderId,
    sender: {
      id: live.senderId,
      username: live.senderName,
      ...(live.senderDisplayName !== undefined && { displayName: live.senderDisplayName }),
      pictureUrl,
      ...(isGuest && { isGuest: true }),
    },
    content: live.content,
    sentAt: live.sentAt,
    ...(live.clientId && { clientId: live.clientId }),
  };
}
