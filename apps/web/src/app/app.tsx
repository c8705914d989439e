import '@/lib/zod-config';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { getStoredToken } from '@/lib/token-storage';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

// A stored session is restored by lib/token.ts, which the auth provider imports once React has rendered: asking
// for it now, before the router asks for the screen's chunk, fetches both at once instead of one after the other.
if (getStoredToken()) void import('@/lib/token').catch(() => {});

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
