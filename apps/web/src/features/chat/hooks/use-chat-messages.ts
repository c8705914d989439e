import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { roomKey, useRealtime, useRealtimeOpen } from '@/lib/realtime';
import { chatKeys } from '@/lib/query-keys';
import { getMessages, useMessagePages } from '../api/get-messages';
import { addMessageToCache, mergeMessages, messageFromFrame } from '../api/message-cache';
import {
  addToOutbox,
  newClientId,
  readOutbox,
  removeFromOutbox,
  subscribeOutbox,
  updateOutboxEntry,
  type OutboxEntry,
} from '../lib/outbox';
import { deliver, flushOutbox, isNetworkFailure } from '../lib/outbox-sender';
import type { ChatMessage } from '../components/message-list';

/** After a reconnect, at most this many newest pages are fetched to close the gap. */
const CATCH_UP_PAGES = 5;

/**
 * One room's conversation: the fetched pages, live messages (`CREATE_MESSAGE_{roomId}`) and own sends, each
 * message once whatever order the answer, its echo, a page or a re-fetch arrive in. Messages not stored yet (the
 * outbox: in flight, waiting for the connection, or refused on a retry) are listed at the end.
 */
export function useChatMessages(roomId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const pages = useMessagePages(roomId);
  const room = roomId.toLowerCase();
  const [arrived, setArrived] = useState<Message[]>([]);

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

  // The outbox: this room's messages the server has not stored yet (they survive a reload).
  const outbox = useSyncExternalStore(
    subscribeOutbox,
    () => readOutbox(user.id),
    () => readOutbox(user.id),
  );
  const waiting = useMemo(() => outbox.filter((e) => e.roomId === room), [outbox, room]);

  // Whatever waits goes out as soon as the socket (re)connects, and when the screen opens.
  useRealtimeOpen(() => void flushOutbox(queryClient, user.id));
  useEffect(() => {
    if (readOutbox(user.id).some((e) => e.state === 'sending')) void flushOutbox(queryClient, user.id);
  }, [queryClient, user.id]);

  /**
   * Shown at once as "Sending…" and kept in the outbox until the server has it. No answer (offline): it waits and
   * goes out when the connection returns, with the same clientId. Refused by the server: it rejects with the call's
   * error and leaves the outbox (the caller gives the draft back).
   */
  const send = useCallback(
    async (content: string) => {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        roomId: room,
        content,
        after: messages.at(-1)?.id ?? 0,
        sentAt: new Date().toISOString(),
        state: 'sending',
      };
      const queuedBefore = readOutbox(user.id).some((e) => e.state === 'sending');
      addToOutbox(user.id, entry);
      // Older messages still wait: this one goes after them, in order.
      if (queuedBefore) {
        void flushOutbox(queryClient, user.id);
        return;
      }
      try {
        add(await deliver(queryClient, user.id, entry));
      } catch (error) {
        if (isNetworkFailure(error)) return;
        removeFromOutbox(user.id, entry.clientId);
        throw error;
      }
    },
    [add, messages, queryClient, room, user.id],
  );

  /** A failed message, tried again with its clientId. */
  const retry = useCallback(
    (clientId: string) => {
      updateOutboxEntry(user.id, clientId, { state: 'sending' });
      void flushOutbox(queryClient, user.id);
    },
    [queryClient, user.id],
  );

  const discard = useCallback((clientId: string) => removeFromOutbox(user.id, clientId), [user.id]);

  const shown = useMemo<ChatMessage[]>(() => {
    // The stored message can arrive before the answer to its send (the socket's echo, a page after a reload): its
    // bubble is not shown twice. By clientId when the message carries it, else by content (stored trimmed).
    const clientIds = new Set(messages.map((m) => m.clientId).filter(Boolean));
    const claimed = new Set<number>();
    const stillWaiting = waiting.filter((p) => {
      if (clientIds.has(p.clientId)) return false;
      const echo = messages.find(
        (m) =>
          m.id > p.after &&
          !m.clientId &&
          m.senderId === user.id &&
          !claimed.has(m.id) &&
          m.content === p.content.trim(),
      );
      if (echo) claimed.add(echo.id);
      return !echo;
    });
    return [
      ...messages,
      ...stillWaiting.map((p, index) => ({
        id: -(index + 1),
        roomId,
        senderId: user.id,
        sender: { id: user.id, username: user.username, pictureUrl: user.pictureUrl },
        content: p.content,
        sentAt: p.sentAt,
        pending: p.state === 'sending',
        failed: p.state === 'failed',
        clientId: p.clientId,
      })),
    ];
  }, [messages, waiting, roomId, user]);

  return { pages, messages: shown, send, retry, discard };
}
