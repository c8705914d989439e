import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/hooks/use-auth';
import { tokenChangeSettled } from '@/lib/session-events';
import { applyFrame, invalidateAfterConnect } from './cache-sync';
import { RealtimeClient } from '@/lib/realtime/realtime-client';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { realtimeSocketClass, realtimeUrl } from '@/lib/realtime/socket-class';

/**
 * A 4401 says the token is dead, or that the socket could not check it. An authenticated call tells them apart:
 * a 401 there makes the API client sign the user out (lib/session-events.ts), once a token change under way has
 * stored its new token. Loaded on demand: the client brings
 * zod, which the start-up bundle does without.
 */
async function confirmSession(): Promise<void> {
  // A password change closes this socket before its new token has arrived: check with the new one.
  await tokenChangeSettled();
  try {
    const { api } = await import('@/lib/api-client');
    await api.get('/rooms/count');
  } catch {
    // A 401 has signed the user out; anything else leaves the session as it is.
  }
}

/**
 * The app's socket (docs/product.md#live-updates), open while someone is signed in. Inside the query client and auth
 * providers: frames become cache work, and every (re)connect re-fetches what may have been missed.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { status, token, user } = useAuth();
  const [client] = useState(
    () => new RealtimeClient({ socketClass: realtimeSocketClass, url: (t) => realtimeUrl(t) }),
  );
  const userId = user.id;
  const activeToken = status === 'authenticated' && userId !== -1 ? token : null;

  useEffect(() => {
    if (activeToken === null) return;
    const offFrame = client.onFrame((frame) => applyFrame(queryClient, frame, userId, client.viewing));
    const offOpen = client.onOpen(() => invalidateAfterConnect(queryClient, userId));
    const offUnauthorized = client.onUnauthorized(() => void confirmSession());
    client.setToken(activeToken);
    return () => {
      offFrame();
      offOpen();
      offUnauthorized();
      client.setToken(null);
    };
  }, [client, queryClient, activeToken, userId]);

  // A phone coming back online or to the foreground need not wait for the next 5 s check.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') client.check();
    };
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [client]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}
