import { QueryClient, onlineManager } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { trackCallStarts } from './call-starts';

/** A client error (4xx) will not change on retry; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and only hears later changes: a page opened offline (issue #21) would
  // try every call and fail, instead of waiting, showing what the offline cache restores meanwhile.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  // For the socket's catch-up after a connect (realtime/cache-sync.ts), for the client's whole life.
  trackCallStarts(client);
  return client;
}
