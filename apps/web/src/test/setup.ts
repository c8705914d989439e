import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import en from 'virtual:outing-catalogue/en';
import { applyCatalogue } from '../i18n/i18n';
import { setMockDelay } from '../mocks/delay';
import { server } from './server';

// findBy/waitFor wait 1 s by default: too little for a lazily loaded screen on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// Components render in English with en-GB dates and numbers, the product spec's, whatever the machine's locale.
applyCatalogue('en', en, 'en-GB');

beforeAll(() => {
  setMockDelay(0);
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
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
