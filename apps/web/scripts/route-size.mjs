/* eslint-disable no-console -- a command-line report */
// Gzip size of the JavaScript a route needs to render: the entry chunk of dist/index.html plus the route's page
// chunk and every chunk they import statically (what the browser must load before the screen appears). Chunks
// loaded later with import() are listed apart. Usage, after `npm run build -w @outing/web`:
//   node apps/web/scripts/route-size.mjs login-page
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const assets = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const page = process.argv[2] ?? 'login-page';
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const html = readFileSync(join(assets, '..', 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const pageChunk = files.find((f) => f.startsWith(`${page}-`));
if (!entry || !pageChunk) throw new Error(`no entry chunk or no chunk named ${page}-*.js`);

const source = (file) => readFileSync(join(assets, file), 'utf8');
const gzip = (file) => gzipSync(readFileSync(join(assets, file))).length;
// Static imports: `import{…}from"./x.js"` and `import"./x.js"`.
const staticImports = (file) =>
  [...source(file).matchAll(/\bimport\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
const dynamicImports = (file) =>
  [...source(file).matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)].map((m) => m[1]);

const needed = new Set();
const visit = (file) => {
  if (needed.has(file)) return;
  needed.add(file);
  staticImports(file).forEach(visit);
};
visit(entry);
visit(pageChunk);

// kB of 1000 bytes at the default level, as `vite build` reports them.
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
let total = 0;
for (const file of needed) {
  total += gzip(file);
  console.log(`${kb(gzip(file)).padStart(10)}  ${file}`);
}
console.log(`${kb(total).padStart(10)}  total gzip needed to render /${page.replace(/-page$/, '')}`);
const later = new Set(
  [...needed]
    .filter((f) => f !== entry)
    .flatMap(dynamicImports)
    .filter((f) => !needed.has(f)),
);
if (later.size) console.log(`loaded on demand from the page: ${[...later].join(', ')}`);
