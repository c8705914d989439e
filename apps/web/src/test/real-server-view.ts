import { createElement } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { TestApp } from '../../../server/src/test/app';
import type { TestUser } from '../../../server/src/test/users';
import type { RealtimeClient } from '@/lib/realtime/realtime-client';
import { useRealtimeClient } from '@/lib/realtime/use-realtime';
import { renderApp } from './render-app';

// `render` of real-server.ts: the app signed in as a user, and a way to wait until its socket carries what changes.

export type Entry = Parameters<typeof renderApp>[0];

export type RealView = ReturnType<typeof renderApp> & {
  /** The app's query client (a new one per render). */
  queryClient: QueryClient;
  /**
   * Resolves once the app's socket is open and what the app re-reads on opening it has been read again: from then
   * on, a change someone else makes reaches the screen through the socket only (nothing else re-reads it). Signed
   * in only (a signed-out page opens no socket).
   */
  live(timeoutMs?: number): Promise<void>;
};

/** Reads the app's query client and socket client from inside its providers. */
function Probe({ seen }: { seen: (queryClient: QueryClient, realtime: RealtimeClient) => void }) {
  seen(useQueryClient(), useRealtimeClient());
  return null;
}

async function until(
  what: string,
  done: () => boolean,
  timeoutMs: number,
  why: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`real-server: not ${what} after ${timeoutMs} ms${why()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The server's errors and answers other than 2xx, from its captured log (JSON lines, lib/request-log.ts). */
function refusals(t: TestApp): string {
  const lines = t.logs.filter((line) => /"statusCode":[45]\d\d|"level":[56]0/.test(line));
  return lines.length > 0 ? `; the server refused: ${lines.slice(-5).join('')}` : '';
}

export function renderReal(
  t: TestApp,
  entry: Entry,
  user: TestUser | null,
  options: { routeList?: RouteObject[] },
): RealView {
  let queryClient: QueryClient | undefined;
  let realtime: RealtimeClient | undefined;
  const probe = createElement(Probe, {
    seen: (q, r) => {
      queryClient = q;
      realtime = r;
    },
  });
  const view = renderApp(entry, { ...options, token: user?.token, outsideRouter: probe });
  if (!queryClient || !realtime) throw new Error('real-server: the app rendered without its providers');
  const client = queryClient;
  const socket = realtime;
  return {
    ...view,
    queryClient: client,
    async live(timeoutMs = 10_000) {
      // The client marks what it must re-read in the same task as it reports the socket open (cache-sync.ts).
      await until(
        'connected',
        () => socket.state === 'open',
        timeoutMs,
        () => `: ${socket.state}`,
      );
      const unsettled = () =>
        client
          .getQueryCache()
          .findAll({ type: 'active' })
          .filter((query) => query.state.isInvalidated || query.state.fetchStatus !== 'idle');
      const describe = ({ queryKey, state }: ReturnType<typeof unsettled>[number]) =>
        `${JSON.stringify(queryKey)} ${state.status} ${state.fetchStatus} ${String(state.error ?? '')}`;
      const why = () => `: ${unsettled().map(describe).join(', ')}${refusals(t)}`;
      await until('settled after connecting', () => unsettled().length === 0, timeoutMs, why);
    },
  };
}
