import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production build as it ships (decision 015): no answer schema and no zod at all. A new API helper whose
 * `schema` option the build does not know, or a schema a screen builds at the top of a file, brings zod back into
 * every signed-in screen's start; this fails first.
 */
// The file's own folder (its `import.meta.url` is not a file URL under the web project's jsdom environment).
const webRoot = path.resolve(import.meta.dirname, '..');
let outDir = '';
let scripts: { file: string; code: string }[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'outing-web-build-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const assets = path.join(outDir, 'assets');
  scripts = await Promise.all(
    (await readdir(assets))
      .filter((f) => f.endsWith('.js'))
      .map(async (file) => ({ file, code: await readFile(path.join(assets, file), 'utf8') })),
  );
}, 120_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the production bundle', () => {
  it('holds no zod: neither its classes nor a schema of the contract', () => {
    expect(scripts.length).toBeGreaterThan(10);
    const withZod = scripts.filter(({ code }) => /ZodError|\$ZodType|_zod\b/.test(code)).map((s) => s.file);
    expect(withZod).toEqual([]);
    // Messages only the contract's schemas carry (a request's query and a round's shape).
    for (const text of ['ownerId must be a user id', 'cursor must be a nextCursor of this list'])
      expect(scripts.filter(({ code }) => code.includes(text)).map((s) => s.file)).toEqual([]);
  });
});

describe('the tab bar', () => {
  // The tab bar's layout is no part of the signed-out first screen: it is its own chunk, which Home's start
  // preloads, and which needs nothing Home does not load anyway (not the screens' `shared` or `forms` chunks).
  it('loads as a chunk of its own, with Home, importing only what Home loads', async () => {
    const tabBar = scripts.find(({ file }) => file.startsWith('tab-layout-'));
    expect(tabBar).toBeDefined();
    const entry = scripts.find(({ code }) => code.includes('Missing #root element'));
    expect(entry?.code).not.toMatch(/common\.nav\.notifications/);
    // A file is its chunk's name and an 8-character hash, which may hold `-` itself.
    const imported = [...tabBar!.code.matchAll(/from\s*"\.\/([\w-]+\.js)"/g)].map(([, file]) =>
      file!.replace(/-[\w-]{8}\.js$/, ''),
    );
    expect(new Set(imported)).toEqual(new Set(['index', 'common']));
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const home = /home:\[([^\]]*)\]/.exec(html)?.[1] ?? '';
    expect(home).toContain(`/assets/${tabBar!.file}`);
  });
});
