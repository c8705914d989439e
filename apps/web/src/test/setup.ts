import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { reportServerReachable } from '../lib/connectivity';
import { markReturningVisitor } from '../lib/returning-visitor';
import { setMockDelay } from '../mocks/delay';
import { resetTestLanguage } from './i18n';
import { server } from './server';

// findBy/waitFor wait 1 s by default: too little for a lazily loaded screen on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Components render in English with en-GB dates and numbers, the product spec's, whatever the machine's locale.
resetTestLanguage();

beforeAll(() => {
  setMockDelay(0);
  server.listen({ onUnhandledRequest: 'error' });
});

// Tests are returning visitors, who get the login form at /login; the welcome screen's tests clear the flag.
beforeEach(() => {
  markReturningVisitor();
});

afterEach(() => {
  cleanup();
  // A test that switched language (test/i18n.ts) leaves English behind for the next.
  resetTestLanguage();
  server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A worker runs many files in one window (vitest.config.ts): what a test added to the browser, or left the app's
  // module state in, does not reach the next test. jsdom has neither `navigator.share` nor `navigator.clipboard`.
  for (const key of ['share', 'clipboard'] as const) Reflect.deleteProperty(navigator, key);
  reportServerReachable();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  server.close();
});
