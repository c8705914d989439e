import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Files that run in the `web-isolated` project, each on its own: those that replace one of the app's modules
 * (`vi.mock`), the build's tests (a production build in the test's process), and those that need a module not yet
 * loaded (a lazy component's first load).
 */
export const isolatedTests = [
  'src/components/qr-code.test.tsx',
  'src/features/auth/google-sign-in.test.ts',
  'src/features/auth/pages/login-page.test.tsx',
  'build/**/*.test.ts',
];

/** Files that run against the real server, in the `web-server` project (vitest.server.config.ts). */
export const realServerTests = ['src/**/*.server.test.{ts,tsx}'];

export const webTest = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // Pages render through msw with its delays and user-event typing: 5 s was the limit, not the page, on a
  // busy 2-core machine (as the server and packages projects found before).
  testTimeout: 15_000,
  // jsdom tests are CPU-bound: one worker per core (Vitest's default on two cores is one in all).
  maxWorkers: Number(process.env.VITEST_WEB_WORKERS ?? 2),
} satisfies ViteUserConfig['test'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      ...webTest,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...isolatedTests, ...realServerTests],
      // A worker imports the app once and runs its files one after the other in one window (decision 016): a
      // fresh window and module graph per file was most of this project's time. The set-up file resets what tests
      // change in the window between tests.
      isolate: false,
    },
  }),
);
