// The service worker: built by the app's own build as a classic script, with the list of files to precache.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

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
export function serviceWorker(): Plugin {
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
