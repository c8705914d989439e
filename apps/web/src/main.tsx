import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadLanguage } from '@/lib/i18n/i18n';
import { applyTheme, followSystemTheme } from '@/lib/theme';
import '@/index.css';

// Before the first render (the boot script has usually done it already in builds).
applyTheme();
followSystemTheme();

/** Mock mode (`vite --mode mock`): msw answers every call. The MODE check drops this from production builds. */
async function enableMocking(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('@/mocks/browser');
  await startMockWorker();
}

// The active language's catalogue loads beside the mock worker (the boot script has usually started it already);
// when it cannot load, English is tried, and the screen shows rather than staying blank.
const ready = Promise.all([enableMocking(), loadLanguage().catch(() => loadLanguage('en').catch(() => {}))]);

void ready.then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread until the whole tree is built (Lighthouse TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
