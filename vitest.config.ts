import { defineConfig } from 'vitest/config';
import { defaultServerConditions } from 'vite';

// Workspace packages resolve to their TypeScript sources in tests (the `@outing/source` export condition).
const conditions = ['@outing/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // Vitest's default on a 2-core machine is one worker (cores − 1), which ran every file in turn. Server test
    // files wait on PostgreSQL, Redis and child processes most of the time, so three at once keep both cores busy;
    // `npm run test:unit` runs the web projects on their own with two (see apps/web/vitest.config.ts).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        // Property tests are CPU-bound: give them room on a busy 2-core machine.
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // CPU-bound fast-check runs share the machine with the server project's workers: a time limit is not
          // what they test.
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Files that replace a module (`vi.mock`) run in the isolated project below.
          exclude: ['apps/server/src/fuzz/**'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Each worker imports the server's modules once for all its files instead of once per file (decision
          // 016): importing them was most of this project's CPU. Every file builds its own app, database and
          // sockets, so no state is shared through modules.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          include: ['apps/server/src/fuzz/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'apps/web/vitest.server.config.ts',
    ],
  },
});
