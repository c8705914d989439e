import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
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

const SW_ENTRY = 'src/sw/service-worker.ts';
const SW_FILE = 'service-worker.js';
const PRECACHE_PLACEHOLDER = /(["'`])__OUTING_PRECACHE__\1/;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(join(dir, d.name)) : [join(dir, d.name)],
  );
}

/**
 * Builds the service worker as its own classic script at /service-worker.js and writes into it the list of files
 * to precache (every built file and public file but source maps and the mock worker) and a version that changes
 * whenever any of them does, so a new build replaces the old cache.
 */
function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'outing:service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_ENTRY, fileName: SW_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[SW_FILE];
      if (worker?.type !== 'chunk') throw new Error('the service worker chunk is missing');
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0)
        throw new Error('the service worker must not share chunks: it runs as a classic script');
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const item of Object.values(bundle)) {
        if (item.fileName === SW_FILE || item.fileName.endsWith('.map')) continue;
        if (item.fileName === 'index.html') continue; // cached as '/', the shell
        files.push(`/${item.fileName}`);
        hash.update(item.fileName);
      }
      for (const file of publicDir ? listFiles(publicDir) : []) {
        const rel = relative(publicDir, file).split(sep).join('/');
        if (rel === 'mockServiceWorker.js') continue;
        files.push(`/${rel}`);
        hash.update(rel).update(readFileSync(file));
      }
      const html = bundle['index.html'];
      if (html?.type === 'asset') hash.update(html.source);
      files.sort();
      const precache = JSON.stringify({ version: hash.digest('hex').slice(0, 16), files });
      if (!PRECACHE_PLACEHOLDER.test(worker.code)) throw new Error('no precache placeholder in the worker');
      worker.code = worker.code.replace(PRECACHE_PLACEHOLDER, () => JSON.stringify(precache));
    },
  };
}

const FIRST_SCREEN = 'src/features/auth/pages/login-page.tsx';

/**
 * The first screen of a new visitor is /login, a lazy route: without help the browser learns of its chunk only
 * after the entry has run. Preloading it and the chunks it imports (those the entry does not already load) lets
 * them download alongside the entry (Lighthouse: LCP of /login 2.9 → 2.4 s, docs/performance.md).
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'outing:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(FIRST_SCREEN));
        if (!entry || !page) throw new Error('cannot find the entry or the first screen chunk to preload');
        const loaded = new Set<string>();
        const visit = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep, into);
        };
        visit(entry.fileName, loaded);
        const wanted = new Set<string>();
        visit(page.fileName, wanted);
        return [...wanted]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), dropMockWorker(), serviceWorker(), preloadFirstScreen()],
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
