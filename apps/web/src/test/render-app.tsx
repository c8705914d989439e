import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { trackCallStarts } from '@/lib/call-starts';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';

type Entry = string | { pathname: string; search?: string; hash?: string; state?: unknown };

/** As the app's (lib/query-client.ts) without retries: it records when each query's calls start. */
export function createTestQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  trackCallStarts(client);
  return client;
}

/**
 * Renders the real app routes (or `routeList`) in a memory router, with the real providers; `outsideRouter` is
 * rendered beside the router inside the providers (e.g. a probe that calls `useAuth`).
 */
export function renderApp(
  entry: Entry,
  options: { token?: string; routeList?: RouteObject[]; outsideRouter?: ReactNode } = {},
) {
  if (options.token) localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  const router = createMemoryRouter(options.routeList ?? routes, { initialEntries: [entry] });
  const view = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
      {options.outsideRouter}
    </AppProviders>,
  );
  return { router, ...view };
}

export function withProviders(children: ReactNode) {
  return <AppProviders queryClient={createTestQueryClient()}>{children}</AppProviders>;
}
