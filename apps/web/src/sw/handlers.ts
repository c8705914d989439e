// The service worker's decisions, written against small structural types so they run (and are tested) outside a
// worker. `service-worker.ts` wires them to the worker's events.

/** What the server pushes (docs/api/README.md#push). */
export interface PushMessage {
  title: string;
  message: string;
  url: string;
}

export const APP_ICON = '/icons/icon-192.png';
export const BADGE_ICON = '/icons/icon-maskable-192.png';
/** Navigations wait this long for the network before the cached app shell answers. */
export const NAVIGATION_TIMEOUT_MS = 3000;

/** Only a path of this app: anything else (another origin, `//host`, `javascript:`) opens the home screen. */
export function safeAppPath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\'))
    return '/';
  return url;
}

/** Reads a push's data leniently: a malformed payload still shows something rather than nothing. */
export function parsePushData(data: { json(): unknown; text(): string } | null | undefined): PushMessage {
  if (!data) return { title: 'Outing', message: '', url: '/' };
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return { title: 'Outing', message: data.text().slice(0, 280), url: '/' };
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    title: typeof record.title === 'string' && record.title ? record.title : 'Outing',
    message: typeof record.message === 'string' ? record.message : '',
    url: safeAppPath(record.url),
  };
}

export function notificationOptions(push: PushMessage) {
  return { body: push.message, icon: APP_ICON, badge: BADGE_ICON, data: { url: push.url }, lang: 'en' };
}

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/** notificationclick: focus a tab of this app already on that path, else open one there. */
export async function focusOrOpen(clients: ClientsLike, origin: string, data: unknown): Promise<void> {
  const path = safeAppPath((data as { url?: unknown } | null | undefined)?.url);
  const target = new URL(path, origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => {
    const url = new URL(client.url);
    return url.origin === target.origin && url.pathname + url.search === target.pathname + target.search;
  });
  if (open) await open.focus();
  else await clients.openWindow(target.href);
}

export type RequestKind = 'navigation' | 'asset' | 'static' | 'pass';

/** How a request is answered: the API and other origins always go to the network untouched. */
export function classifyRequest(
  request: { method: string; mode: string; url: string },
  origin: string,
): RequestKind {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  if (url.pathname === '/v1' || url.pathname.startsWith('/v1/')) return 'pass';
  if (url.pathname === '/service-worker.js') return 'pass';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return 'static';
}

/** The network's answer unless it fails or takes longer than `ms`; then `fallback` (if it has one). */
export async function networkFirst(
  network: () => Promise<Response>,
  fallback: () => Promise<Response | undefined>,
  ms: number,
): Promise<Response> {
  const fromNetwork = network();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const first = await Promise.race([fromNetwork, timedOut]);
    if (first !== 'timeout') return first;
  } catch {
    // offline or the server is down
  } finally {
    clearTimeout(timer);
  }
  const cached = await fallback();
  if (cached) return cached;
  return fromNetwork;
}
