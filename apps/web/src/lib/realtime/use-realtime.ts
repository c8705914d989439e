import { useContext, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { FrameDataFor, RealtimeKey } from './frames';
import type { ConnectionState, RealtimeClient } from './realtime-client';
import { RealtimeContext } from './realtime-context';

export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used within a RealtimeProvider');
  return client;
}

/**
 * Calls `handler` with the `data` of every frame of `key` (docs/product.md#live-updates): a type (`CREATE_MESSAGE`)
 * or a type plus room id (`roomKey('CREATE_MESSAGE', roomId)`). A null key listens to nothing. The latest `handler`
 * is used; it need not be stable.
 */
export function useRealtime<K extends RealtimeKey>(key: K | null, handler: (data: FrameDataFor<K>) => void) {
  const client = useRealtimeClient();
  const onFrame = useEffectEvent((data: FrameDataFor<K>) => handler(data));
  useEffect(() => {
    if (key === null) return;
    return client.on(key, (frame) => onFrame(frame.data as FrameDataFor<K>));
  }, [client, key]);
}

/** Calls `handler` after every (re)connect: the moment to fetch what frames may have been missed. */
export function useRealtimeOpen(handler: () => void) {
  const client = useRealtimeClient();
  const onOpen = useEffectEvent(handler);
  useEffect(() => client.onOpen(() => onOpen()), [client]);
}

/** The socket's state, for a "Reconnecting…" indicator. */
export function useRealtimeStatus(): ConnectionState {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.subscribeState, client.getState, client.getState);
}

/**
 * While mounted with a room id, and the page is visible, this device views that room's chat (`VIEWING`,
 * docs/notifications.md): its messages are read as they arrive and never pushed to the user.
 */
export function useViewingChat(roomId: string | undefined) {
  const client = useRealtimeClient();
  useEffect(() => {
    if (!roomId) return;
    const update = () => client.setViewing(document.visibilityState === 'hidden' ? null : roomId);
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      client.setViewing(null);
    };
  }, [client, roomId]);
}
