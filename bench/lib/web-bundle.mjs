// What the production build of apps/web makes the browser download: the first screen (the entry chunk of
// dist/index.html, its static imports, the login chunk and its static imports, and the stylesheets) and, for every
// route of src/app/router.tsx, its chunk and what it adds on top of the entry. Same approach as
// apps/web/scripts/route-size.mjs: the build has no manifest, so the import graph is read from the chunks.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = fileURLToPath(new URL('../../apps/web/', import.meta.url));
// WEB_DIST: another build to measure (e.g. `vite build --outDir`), as the server reads it.
export const distDir = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(webDir, 'dist');
const assetsDir = join(distDir, 'assets');
const routerFile = join(webDir, 'src', 'app', 'router.tsx');

const read = (file) => readFileSync(join(assetsDir, file));
const gzipCache = new Map();
/** Bytes at Node's default gzip level, what a server compressing on the fly would send. */
export const gzipBytes = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(read(file)).length);
  return gzipCache.get(file);
};
const staticImports = (file) =>
  [
    ...read(file)
      .toString('utf8')
      .matchAll(/\bimport\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g),
  ].map((m) => m[1]);

/** The file and every chunk it imports statically, transitively: what must load before it runs. */
function closure(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const f of staticImports(file)) closure(f, into);
  return into;
}

/**
 * Routes as written in router.tsx: every object with `path:` or `index: true`, and the module its `lazy:` loads.
 * Layouts in this router have no path, so a route's own path is its URL.
 */
export function readRoutes(source = readFileSync(routerFile, 'utf8')) {
  const routes = [];
  for (const m of source.matchAll(/\b(?:path:\s*'([^']*)'|index:\s*true)/g)) {
    // A route object ends at its closing brace, or where its children begin.
    const rest = source.slice(m.index);
    const end = Math.min(...['}', 'children:'].map((s) => rest.indexOf(s)).filter((i) => i >= 0));
    const body = rest.slice(0, end);
    // `page(() => import('…'))`, or with a second argument (what runs once the chunk has arrived).
    const lazy = /lazy:\s*page\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*[,)]/.exec(body);
    const path = m[1] === undefined ? '/' : `/${m[1]}`;
    routes.push({ path, module: lazy ? lazy[1].split('/').pop() : null });
  }
  return routes;
}

export function analyseBundle() {
  if (!existsSync(join(distDir, 'index.html')))
    throw new Error('apps/web/dist/index.html is missing: run `npm run build` first.');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in dist/index.html');
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([^"]+\.css)"/g)].map(
    (m) => m[1],
  );
  const files = readdirSync(assetsDir);
  const chunkOf = (module) => files.find((f) => new RegExp(`^${module}-[\\w-]{8}\\.js$`).test(f));
  const entryClosure = closure(entry);

  const routes = readRoutes().map((r) => {
    const chunk = r.module ? chunkOf(r.module) : undefined;
    // Lazy = declared with `lazy:` and built as a chunk of its own that the entry does not import statically.
    const lazy = Boolean(chunk) && !entryClosure.has(chunk);
    const own = chunk ? closure(chunk) : new Set();
    const extra = [...own].filter((f) => !entryClosure.has(f));
    return {
      ...r,
      chunk,
      lazy,
      chunkGzip: chunk ? gzipBytes(chunk) : 0,
      extraFiles: extra,
      extraGzip: extra.reduce((n, f) => n + gzipBytes(f), 0),
    };
  });

  const login = routes.find((r) => r.path === '/login');
  const firstJs = new Set(entryClosure);
  for (const f of login?.extraFiles ?? []) firstJs.add(f);
  const firstScreen = {
    js: [...firstJs].map((file) => ({ file, gzip: gzipBytes(file) })),
    css: stylesheets.map((file) => ({ file, gzip: gzipBytes(file) })),
  };
  firstScreen.jsGzip = firstScreen.js.reduce((n, f) => n + f.gzip, 0);
  firstScreen.cssGzip = firstScreen.css.reduce((n, f) => n + f.gzip, 0);
  const otherCss = files.filter((f) => f.endsWith('.css') && !stylesheets.includes(f));
  const allJsGzip = files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipBytes(f), 0);
  return { entry, entryClosure: [...entryClosure], firstScreen, routes, otherCss, allJsGzip };
}
