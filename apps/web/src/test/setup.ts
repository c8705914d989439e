import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
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
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  server.close();
});
