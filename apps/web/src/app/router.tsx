import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { guestRoomOfToken } from '@/lib/guest-session';
import { getStoredToken } from '@/lib/token-storage';
import { FullPageSpinner } from '@/components/spinner';
import { RootLayout } from './layouts/root-layout';
import { StackLayout } from './layouts/stack-layout';
import { RouteError } from './pages/route-error';
import { GuestScopeRoute } from './routes/guest-scope-route';
import { ProtectedRoute } from './routes/protected-route';
import { PublicOnlyRoute } from './routes/public-only-route';

/**
 * Every screen is its own chunk, fetched when its route is first matched; `prepare` runs once the chunk has
 * arrived, before the route renders.
 */
function page<M extends { default: ComponentType }>(
  load: () => Promise<M>,
  prepare?: (module: M) => Promise<void>,
): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    await prepare?.(module);
    return { Component: module.default };
  };
}

/**
 * /room/{id} renders the room or its preview: the one a stored session most likely shows is loaded with the route,
 * so that it renders at once (routes/room-or-preview-route.tsx); a chunk that fails here is tried again, and
 * reported, by the route itself.
 */
const loadLikelyScreen = (route: typeof import('./routes/room-or-preview-route')) =>
  route.loadScreen(getStoredToken() ? 'room' : 'preview').catch(() => {});

/** The room page's Money section (its `id="money"`, features/bills/components/money-section.tsx). */
const roomMoneyPath = (roomId: string) => `/room/${encodeURIComponent(roomId)}#money`;

/** The routes of docs/product.md#screens. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        element: <ProtectedRoute />,
        children: [
          {
            // The tab bar is no part of the signed-out screens: it loads with the first tab screen (the boot script
            // preloads it for /).
            lazy: page(() => import('./layouts/tab-layout')),
            children: [
              { index: true, lazy: page(() => import('@/features/home/pages/home-page')) },
              { path: 'explore', lazy: page(() => import('@/features/explore/pages/explore-page')) },
              { path: 'profile', lazy: page(() => import('@/features/profile/pages/profile-page')) },
              {
                path: 'notifications',
                lazy: page(() => import('@/features/notifications/pages/notifications-page')),
              },
            ],
          },
          {
            element: <StackLayout />,
            children: [
              {
                path: 'profile/edit',
                lazy: page(() => import('@/features/profile/pages/edit-profile-page')),
              },
              {
                path: 'profile/payments',
                lazy: page(() => import('@/features/payments/pages/payment-handles-page')),
              },
              {
                path: 'settings',
                lazy: page(() => import('@/features/settings/pages/settings-page')),
              },
              {
                path: 'settings/calendar',
                lazy: page(() => import('@/features/settings/pages/calendar-settings-page')),
              },
              {
                path: 'profile/past',
                lazy: page(() => import('@/features/balances/pages/past-outings-page')),
              },
              { path: 'friends', lazy: page(() => import('./routes/friends/friends-page')) },
              { path: 'friends/:friendId', lazy: page(() => import('./routes/friend/friend-page')) },
              {
                path: 'friends/requests',
                lazy: page(() => import('@/features/friends/pages/friend-requests-page')),
              },
              { path: 'rooms', lazy: page(() => import('@/features/rooms/pages/rooms-page')) },
              { path: 'rooms/create', lazy: page(() => import('@/features/rooms/pages/create-room-page')) },
              {
                path: 'rooms/invites',
                lazy: page(() => import('./routes/room-invites/room-invites-page')),
              },
              { path: 'room/:roomId/chat', lazy: page(() => import('@/features/chat/pages/chat-page')) },
              {
                path: 'room/:roomId/spending',
                lazy: page(() => import('@/features/spending/pages/spending-page')),
              },
              {
                path: 'room/:roomId/edit',
                lazy: page(() => import('./routes/edit-room/edit-room-page')),
              },
              {
                path: 'room/:roomId/bill/create',
                lazy: page(() => import('@/features/bills/pages/create-bill-page')),
              },
              {
                path: 'room/:roomId/bill/:billId/edit',
                lazy: page(() => import('@/features/bills/pages/edit-bill-page')),
              },
              {
                // After "Keep your outings": the account just signed up or logged in keeps the guest (docs/guests.md).
                path: 'guest/keep',
                lazy: page(() => import('./routes/guest/keep-guest-page')),
              },
            ],
          },
        ],
      },
      {
        // Signed in or out: a room's guest link and a guest's personal link (docs/guests.md).
        element: <StackLayout />,
        children: [
          { path: 'g/:secret', lazy: page(() => import('./routes/guest/guest-link-page')) },
          { path: 'guest/open', lazy: page(() => import('./routes/guest/open-guest-page')) },
        ],
      },
      {
        // Signed in or out: a room's preview, and the room link itself (the room, or its preview when signed out).
        // A guest sees only its own room.
        element: <GuestScopeRoute />,
        children: [
          {
            element: <StackLayout />,
            children: [
              {
                path: 'room/:roomId/preview',
                lazy: page(() => import('@/features/preview/pages/room-preview-page')),
              },
              {
                path: 'room/:roomId',
                lazy: page(() => import('./routes/room-or-preview-route'), loadLikelyScreen),
              },
              {
                // The split page is gone: the room's Money section shows its bills and payments. Its old links (bookmarks,
                // history) land there, in place of the old entry, so that Back does not come back to it.
                path: 'room/:roomId/bill/split',
                loader: ({ params }) => replace(roomMoneyPath(params.roomId ?? '')),
                // Nothing to render: the loader has always redirected.
                element: null,
              },
            ],
          },
        ],
      },
      {
        element: <PublicOnlyRoute />,
        children: [
          {
            element: <StackLayout />,
            children: [
              { path: 'login', lazy: page(() => import('@/features/auth/pages/login-page')) },
              { path: 'signup', lazy: page(() => import('@/features/auth/pages/signup-page')) },
              { path: 'otp', lazy: page(() => import('@/features/auth/pages/otp-page')) },
              { path: 'invite/:code', lazy: page(() => import('@/features/invites/pages/invite-page')) },
              {
                path: 'password/forgot',
                lazy: page(() => import('@/features/auth/pages/forgot-password-page')),
              },
              {
                path: 'password/reset',
                lazy: page(() => import('@/features/auth/pages/reset-password-page')),
              },
              {
                path: 'auth/google/callback',
                lazy: page(() => import('@/features/auth/pages/google-callback-page')),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./pages/not-found-page')) },
    ],
  },
];

type Prefetch = (client: QueryClient, params: LoaderFunctionArgs['params']) => void;

/** Routes whose first calls start with the route's chunk (app/prefetch.ts), by `path` ('' for the index route). */
const PREFETCH: Record<string, (m: typeof import('./prefetch')) => Prefetch> = {
  '': (m) => (client) => m.prefetchHome(client),
  'room/:roomId': (m) => (client, params) => {
    if (params.roomId) m.prefetchRoom(client, params.roomId);
  },
};

/**
 * The routes with a loader on the screens of PREFETCH that starts their calls, signed in only, and returns at once
 * (it never holds the screen). Once per visit of the route: a changed search parameter does not ask again.
 */
export function withPrefetch(list: RouteObject[], client: QueryClient): RouteObject[] {
  return list.map((route) => {
    const key = route.index ? '' : route.path;
    const pick = key === undefined ? undefined : PREFETCH[key];
    const children = route.children ? withPrefetch(route.children, client) : undefined;
    const next = { ...route, ...(children ? { children } : {}) } as RouteObject;
    if (!pick) return next;
    return {
      ...next,
      loader: ({ params }: LoaderFunctionArgs) => {
        // Not for a guest: its screens' calls are its room's, which the room asks for itself (docs/guests.md).
        const token = getStoredToken();
        if (token && guestRoomOfToken(token) === null)
          void import('./prefetch').then((m) => pick(m)(client, params)).catch(() => {});
        return null;
      },
      shouldRevalidate: () => false,
    } as RouteObject;
  });
}

/** `queryClient`: the app's client, which the signed-in screens' first calls fill while their chunks load. */
export function createAppRouter(queryClient?: QueryClient) {
  return createBrowserRouter(queryClient ? withPrefetch(routes, queryClient) : routes);
}
