import { defaultServerConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { realServerTests, webTest } from './vitest.config.ts';

/**
 * Web files that run against the real server (`*.server.test.tsx`, src/test/real-server.ts): jsdom and the app as in
 * the `web` project, no msw, and the server tests' PostgreSQL set-up (a migrated template each file clones its own
 * database from).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    // As the root config resolves the server project's modules (workspace packages to their sources).
    ssr: { resolve: { conditions: ['@outing/source', ...defaultServerConditions] } },
    test: {
      ...webTest,
      name: 'web-server',
      include: realServerTests,
      // jsdom, with modules prepared for Node as in the server's projects (src/test/jsdom-node-environment.ts).
      environment: './src/test/jsdom-node-environment.ts',
      setupFiles: ['./src/test/setup-real-server.ts'],
      globalSetup: ['../server/src/test/global-setup.ts'],
      // A file starts a server on a database of its own: a busy machine's PostgreSQL, not the screen, sets the pace.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // A worker imports the app and the server once for all its files (decision 016); each file starts its own
      // server and database, and real-server.ts puts the window's URL and socket back after it.
      isolate: false,
    },
  }),
);
