import type { SocketClass } from './realtime-client';

// Component tests run without a socket unless they inject one (`fake-web-socket.ts`): the app's screens then
// never reach for a server that is not there.
let injected: SocketClass | null | undefined;

/** Replaces the socket constructor (tests); `undefined` restores the default. */
export function setRealtimeSocketClass(socketClass: SocketClass | null | undefined): void {
  injected = socketClass;
}

export function realtimeSocketClass(): SocketClass | null {
  if (injected !== undefined) return injected;
  if (import.meta.env.MODE === 'test') return null;
  return typeof WebSocket === 'function' ? WebSocket : null;
}

/** `ws(s)://<this host>/v1/ws?token=…` (docs/api/README.md#socket): the page's own host, `wss:` on https. */
export function realtimeUrl(
  token: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/v1/ws?token=${encodeURIComponent(token)}`;
}
