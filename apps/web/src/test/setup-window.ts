import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { vi } from 'vitest';
import { reportServerReachable } from '@/lib/connectivity';
import { markReturningVisitor } from '@/lib/returning-visitor';
import { resetTestLanguage } from './i18n';

// What every web test starts and ends with, whoever answers its calls: the msw handlers (setup.ts) or the real
// server (setup-real-server.ts). Each set-up file calls these from its own hooks.

// findBy/waitFor wait 1 s by default: too little for a lazily loaded screen on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Components render in English with en-GB dates and numbers (docs/product.md#texts), whatever the machine's locale.
resetTestLanguage();

/** Before each test. */
export function startTest(): void {
  // Tests are returning visitors, who get the login form at /login; the welcome screen's tests clear the flag.
  markReturningVisitor();
}

/** After each test: the screen unmounted first (its socket closes, its calls are cancelled). */
export function endTest(): void {
  cleanup();
  // A test that switched language (test/i18n.ts) leaves English behind for the next.
  resetTestLanguage();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A worker runs many files in one window (vitest.config.ts): what a test added to the browser, or left the app's
  // module state in, does not reach the next test. jsdom has no `navigator.share`, `canShare` or `clipboard`.
  for (const key of ['share', 'canShare', 'clipboard'] as const) Reflect.deleteProperty(navigator, key);
  reportServerReachable();
  // TanStack Query hears the window's `offline` event and stays offline until an `online` one: a test that went
  // offline would leave every later file's queries paused (a `createQueryClient` test waited out its timeout).
  onlineManager.setOnline(true);
  localStorage.clear();
  sessionStorage.clear();
}
