import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setMockDelay } from '../mocks/delay';
import { server } from './server';

// findBy/waitFor wait 1 s by default: too little for a lazily loaded screen on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

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
