import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setMockDelay } from '@/mocks/delay';
import { server } from './server';
import { endTest, startTest } from './setup-window';

// The `web` project's calls are answered by the mock-mode handlers over msw/node, and a call none answers fails the
// test. Files named `*.server.test.tsx` run against the real server instead (setup-real-server.ts).

beforeAll(() => {
  setMockDelay(0);
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(startTest);

afterEach(() => {
  endTest();
  server.resetHandlers();
});

afterAll(() => {
  server.close();
});
