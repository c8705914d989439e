// Small build plugins: what the production build ships or leaves out.
import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** msw's worker script lives in public/ for mock mode; other builds do not ship it. */
export function dropMockWorker(): Plugin {
  let outDir = '';
  let mode = '';
  return {
    name: 'outing:drop-mock-worker',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      mode = config.mode;
    },
    async closeBundle() {
      if (mode !== 'mock') await rm(join(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

/**
 * react-router's package exports point every condition at its `dist/development` files, whose only difference
 * from `dist/production` is `ENABLE_DEV_WARNINGS = true` (route checks and console warnings on every render and
 * navigation). Builds take the production files; the dev server and the tests keep the development ones.
 */
export function reactRouterProduction(): Plugin {
  const dir = join(
    createRequire(import.meta.url).resolve('react-router/package.json'),
    '..',
    'dist',
    'production',
  );
  return {
    name: 'outing:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dir, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(dir, 'dom-export.mjs') },
        ],
      },
    }),
  };
}
