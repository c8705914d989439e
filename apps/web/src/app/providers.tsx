import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/hooks/use-auth';
import { afterLoad } from '@/lib/after-load';
import { registerOfflineSync } from './offline/offline-session';
import { ToastProvider } from '@/components/toast/toast-provider';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeProvider } from './realtime/realtime-provider';
import { AuthProvider } from './auth/auth-provider';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

/**
 * Offline use (issue #21): once someone is signed in, their kept cache comes back from IndexedDB and is kept up to
 * date, and their unsent chat messages go out when the connection returns. Its own chunk, off the first screen.
 * Online, it starts once the page has loaded and the main thread is idle: the screen's own calls are answering
 * meanwhile, and the restore, the IndexedDB writes and their snapshots of the cache would compete with the first
 * screen's rendering (Lighthouse TBT on /room/{id}). Offline, the kept cache is all there is: it starts at once.
 */
function OfflineSync() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user.id;
  useEffect(() => {
    if (status !== 'authenticated') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () =>
      void import('./offline/offline-sync')
        .then(({ startOfflineSync }) => {
          if (cancelled) return;
          stop = startOfflineSync(queryClient, userId);
          registerOfflineSync(stop);
        })
        .catch((error: unknown) => console.warn('Could not start offline use', error));
    if (navigator.onLine === false) start();
    else afterLoad(start);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [status, userId, queryClient]);
  return null;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <OfflineSync />
        <RealtimeProvider>
          <ToastProvider>{children}</ToastProvider>
        </RealtimeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
