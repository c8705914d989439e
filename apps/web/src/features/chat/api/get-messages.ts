import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE, chatEndpoints, type messagesPageSchema } from '@outing/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys';

/** `{ messages (newest first), page, pageCount }` (docs/api/README.md#chat). */
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/**
 * GET /v1/rooms/{id}/messages?page=1&asc=false&pageSize=20[&before=id]: the newest page, or with `before` the page
 * of messages older than that id (so messages sent meanwhile never shift an older page).
 */
export function getMessages(
  roomId: string,
  before: number | null,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  return api.call(chatEndpoints.list, {
    params: { id: roomId },
    query: { page: 1, asc: false, pageSize: CHAT_PAGE_SIZE, before: before ?? undefined },
    signal,
  });
}

/** The oldest message of a page: where the next older page starts. */
function oldestId(page: MessagesPage): number | undefined {
  return page.messages.length === 0 ? undefined : Math.min(...page.messages.map((m) => m.id));
}

/**
 * Newest page first; the next page (older) exists while page < pageCount (docs/product.md#chat). Older pages never
 * change, and new messages join through the socket, so the pages stay fresh until the realtime module marks a chat
 * that is not on screen stale (a message for it, a reconnect); a chat on screen catches up itself after a
 * reconnect. A re-fetch of every page would re-cut them and drop the oldest ones the reader had loaded.
 */
export const messagesQueryOptions = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam, signal }) => getMessages(roomId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.page < last.pageCount ? oldestId(last) : undefined),
    staleTime: Infinity,
  });

export function useMessagePages(roomId: string) {
  return useInfiniteQuery(messagesQueryOptions(roomId));
}
