import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@outing/contract';
import { useAuth } from '../../../hooks/use-auth';
import { roomKey, useRealtime, useRealtimeOpen } from '../../../lib/realtime';
import { chatKeys } from '../api/chat-keys';
import { getMessages, useMessagePages } from '../api/get-messages';
import { addMessageToCache, mergeMessages, messageFromFrame } from '../api/message-cache';
import { useSendMessage } from '../api/send-message';
import type { ChatMessage } from '../components/message-list';

/** After a reconnect, at most this many newest pages are fetched to close the gap. */
const CATCH_UP_PAGES = 5;

/**
 * One room's conversation: the fetched pages, live messages (`CREATE_MESSAGE_{roomId}`) and own sends, each
 * message once whatever order the answer, its echo, a page or a re-fetch arrive in. Sends in flight are listed as
 * pending at the end.
 */
export function useChatMessages(roomId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const pages = useMessagePages(roomId);
  const { mutateAsync: postMessage } = useSendMessage(roomId);
  const [arrived, setArrived] = useState<Message[]>([]);
  const [pending, setPending] = useState<{ id: number; content: string; after: number; sentAt: string }[]>(
    [],
  );
  const nextPendingId = useRef(0);

  const messages = useMemo(() => mergeMessages(pages.data?.pages, arrived), [pages.data, arrived]);

  const add = useCallback(
    (message: Message) => {
      setArrived((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));
      addMessageToCache(queryClient, roomId, message);
    },
    [queryClient, roomId],
  );

  useRealtime(roomKey('CREATE_MESSAGE', roomId), (live) => add(messageFromFrame(live, messages)));

  // Frames sent while the socket was down are not replayed: fetch the newest pages until they meet what is shown.
  useRealtimeOpen(() => {
    const newestKnown = messages.at(-1)?.id ?? 0;
    void (async () => {
      let before: number | null = null;
      for (let round = 0; round < CATCH_UP_PAGES; round += 1) {
        const page = await getMessages(roomId, before).catch(() => null);
        if (!page) return;
        page.messages.forEach(add);
        const oldest = Math.min(...page.messages.map((m) => m.id));
        // Nothing shown yet: the newest page is all there is to catch up on (older ones load on scrolling).
        if (newestKnown === 0 || page.messages.length === 0 || oldest <= newestKnown) return;
        if (page.page >= page.pageCount) return;
        before = oldest;
      }
      // Too much was missed to stitch together: start again from the newest page.
      setArrived([]);
      void queryClient.resetQueries({ queryKey: chatKeys.messages(roomId) });
    })();
  });

  /** Resolves when the server has the message; rejects with the call's error. */
  const send = useCallback(
    async (content: string) => {
      const id = --nextPendingId.current;
      const after = messages.at(-1)?.id ?? 0;
      setPending((current) => [...current, { id, content, after, sentAt: new Date().toISOString() }]);
      try {
        add(await postMessage(content));
      } finally {
        setPending((current) => current.filter((p) => p.id !== id));
      }
    },
    [add, postMessage, messages],
  );

  const shown = useMemo<ChatMessage[]>(() => {
    // The socket's echo can beat the answer to a send: a pending send whose message is already listed is not
    // shown twice. (The server stores the content trimmed.)
    const claimed = new Set<number>();
    const stillPending = pending.filter((p) => {
      const echo = messages.find(
        (m) =>
          m.id > p.after && m.senderId === user.id && !claimed.has(m.id) && m.content === p.content.trim(),
      );
      if (echo) claimed.add(echo.id);
      return !echo;
    });
    return [
      ...messages,
      ...stillPending.map((p) => ({
        id: p.id,
        roomId,
        senderId: user.id,
        sender: { id: user.id, username: user.username, pictureUrl: user.pictureUrl },
        content: p.content,
        sentAt: p.sentAt,
        pending: true,
      })),
    ];
  }, [messages, pending, roomId, user]);

  return { pages, messages: shown, send };
}
