import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Workspace packages (`@outing/contract`) resolve to their TypeScript sources through this export condition.
const conditions = ['@outing/source', ...defaultClientConditions];

/** msw's worker script lives in public/ for mock mode; other builds do not ship it. */
function dropMockWorker(): Plugin {
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

export default defineConfig({
  plugins: [react(), tailwindcss(), dropMockWorker()],
  resolve: { conditions },
  server: {
    proxy: {
      '/v1': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
