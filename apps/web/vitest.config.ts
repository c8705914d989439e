import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      // Pages render through msw with its delays and user-event typing: 5 s was the limit, not the page, on a
      // busy 2-core machine (as the server and packages projects found before).
      testTimeout: 15_000,
      // jsdom tests are CPU-bound: one worker per core (Vitest's default on two cores is one in all).
      maxWorkers: Number(process.env.VITEST_WEB_WORKERS ?? 2),
    },
  }),
);
