/// <reference lib="webworker" />
// Outing's service worker (served at /service-worker.js, scope /): shows pushed notifications, opens the app where
// a notification points, and keeps the app shell so that the app starts without the server. The build fills in
// the precache list (apps/web/build/service-worker.ts, `serviceWorker()`).
import {
  NAVIGATION_TIMEOUT_MS,
  classifyRequest,
  focusOrOpen,
  networkFirst,
  notificationOptions,
  parsePushData,
} from './handlers';

declare const self: ServiceWorkerGlobalScope;

const build = JSON.parse('__OUTING_PRECACHE__') as { version: string; files: string[] };
const CACHE = `outing-shell-${build.version}`;
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([SHELL, ...build.files]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('outing-shell-') && n !== CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const kind = classifyRequest(event.request, self.location.origin);
  if (kind === 'pass') return;
  if (kind === 'navigation') {
    // Fresh when the server answers; the cached shell (the client router draws the screen) when it does not.
    event.respondWith(
      networkFirst(
        () => fetch(event.request),
        () => caches.match(SHELL, { cacheName: CACHE, ignoreVary: true }),
        NAVIGATION_TIMEOUT_MS,
      ),
    );
    return;
  }
  event.respondWith(
    (async () => {
      // The server varies on Origin (CORS); module scripts send one and the precache requests did not.
      const cached = await caches.match(event.request, {
        cacheName: CACHE,
        ignoreSearch: kind === 'asset',
        ignoreVary: true,
      });
      if (cached) return cached;
      const response = await fetch(event.request);
      // Hashed assets never change under the same name: keep any that were not precached.
      if (kind === 'asset' && response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
      }
      return response;
    })(),
  );
});

self.addEventListener('push', (event) => {
  const push = parsePushData(event.data);
  event.waitUntil(self.registration.showNotification(push.title, notificationOptions(push)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(focusOrOpen(self.clients, self.location.origin, event.notification.data));
});
