import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bootScript } from './build/boot.ts';
import { chunkGroups, noChunkCycles } from './build/chunks.ts';
import { dropMockWorker, reactRouterProduction } from './build/plugins.ts';
import { i18nCatalogues } from './build/i18n.ts';
import { productionSchemas } from './build/schemas.ts';
import { serviceWorker } from './build/service-worker.ts';

// Workspace packages (`@outing/contract`) resolve to their TypeScript sources through this export condition.
const conditions = ['@outing/source', ...defaultClientConditions];

const chunkName = chunkGroups();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    reactRouterProduction(),
    i18nCatalogues(),
    productionSchemas(),
    dropMockWorker(),
    // Before the service worker, whose precache list and version take in the boot script and index.html.
    bootScript(),
    serviceWorker(),
    noChunkCycles(),
  ],
  // `@/…` is `src/…`: an import that crosses the app's top folders (app, features, entities, components, lib) names
  // where it lands, not how many folders up it is (docs/architecture.md, "The web app's layout").
  resolve: { conditions, alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/v1': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry loads before it runs (the service worker, a classic script, shares nothing).
            {
              name: 'vendor',
              tags: ['$initial'],
              test: (id) => !id.includes('/src/sw/'),
              priority: 3,
            },
            // The QR code drawer, loaded when a code is first shown (components/qr-code.tsx).
            { name: 'qr-code', test: /\/node_modules\/qrcode\.react\//, priority: 2 },
            // Before the others, which would otherwise take it along as their dependency.
            { name: chunkName((group) => group === 'data'), priority: 2 },
            { name: chunkName((group) => group !== 'data'), priority: 1 },
          ],
        },
      },
    },
  },
});
