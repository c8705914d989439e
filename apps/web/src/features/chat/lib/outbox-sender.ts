import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@outing/contract';
import { isApiError } from '@/lib/api-error';
import { addMessageToCache } from '../api/message-cache';
import { sendMessage } from '../api/send-message';
import { readOutbox, removeFromOutbox, updateOutboxEntry, type OutboxEntry } from './outbox';

// Sends what waits in the outbox (./outbox.ts), each message with its own `clientId` every time, so however often a
// message is tried (a reconnect, a reload, two tabs), the server stores it once.

/** No answer from the server (offline, server down): the message waits for the next try. */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && error.code === 'NETWORK_ERROR';
}

/** Tries under way, by clientId: a second trigger while one is on its way does not send it again. */
const inFlight = new Map<string, Promise<Message>>();

/**
 * One try of one waiting message. Stored: it leaves the outbox and joins the cached conversation. No answer: it
 * stays, to be tried again. Refused by the server: it rejects, and the entry is left for the caller to decide.
 */
export function deliver(queryClient: QueryClient, userId: number, entry: OutboxEntry): Promise<Message> {
  const running = inFlight.get(entry.clientId);
  if (running) return running;
  const attempt = sendMessage(entry.roomId, entry.content, entry.clientId)
    .then((message) => {
      // The cache first, then the outbox: the bubble never blinks out between the two.
      addMessageToCache(queryClient, entry.roomId, message);
      removeFromOutbox(userId, entry.clientId);
      return message;
    })
    .finally(() => inFlight.delete(entry.clientId));
  inFlight.set(entry.clientId, attempt);
  return attempt;
}

let flushing: Promise<void> | null = null;

/**
 * Sends every waiting message of the user, oldest first (so a conversation keeps its order), until one gets no
 * answer (still offline: the rest wait too). One the server refuses is marked failed: the user retries or deletes it.
 */
export function flushOutbox(queryClient: QueryClient, userId: number): Promise<void> {
  if (flushing) return flushing;
  const run = (async () => {
    // Let the caller's own outbox write land first.
    await Promise.resolve();
    for (;;) {
      const next = readOutbox(userId).find((e) => e.state === 'sending' && !inFlight.has(e.clientId));
      if (!next) return;
      try {
        await deliver(queryClient, userId, next);
      } catch (error) {
        if (isNetworkFailure(error)) return;
        updateOutboxEntry(userId, next.clientId, { state: 'failed' });
      }
    }
  })();
  flushing = run.finally(() => {
    flushing = null;
  });
  return flushing;
}
