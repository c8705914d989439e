// The boot script (src/boot/boot.ts): built on its own into one classic script, so that it can never share a chunk
// with the app, with the chunks of each route it knows written into it, and inlined into index.html before the
// entry (no request of its own before it can start the screen's).
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import type { BootManifest, BootRoute } from '../src/boot/plan.ts';
import { FIRST_SCREEN } from './chunks.ts';

const BOOT_ENTRY = 'src/boot/boot.ts';
const FORMAT_WORKER_ENTRY = 'src/boot/format-worker.ts';
const SESSION = 'src/lib/token.ts';
const PREFETCH = 'src/app/prefetch.ts';

/** The modules each route needs before its screen shows: its page, and for the signed-in ones the session check and the calls. */
const ROUTE_MODULES: Record<BootRoute, string[]> = {
  login: [FIRST_SCREEN],
  home: ['src/app/layouts/tab-layout.tsx', 'src/features/home/pages/home-page.tsx', SESSION, PREFETCH],
  // The route's own chunk (it picks the room or its preview), then the room page it shows a signed-in user.
  room: ['src/app/routes/room-or-preview-route.tsx', 'src/app/routes/room/room-page.tsx', SESSION, PREFETCH],
};

type Chunk = Rolldown.OutputChunk;

/**
 * For each route, the chunks that hold its modules and every chunk they import statically, less what the entry
 * loads anyway, as the `/assets/…` paths the boot script preloads.
 */
export function bootManifest(root: string, bundle: Rolldown.OutputBundle): BootManifest {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  if (!entry) throw new Error('boot script: no entry chunk');
  // The chunk groups (`chunkGroups`) must leave the entry alone: the entry importing one would load it first.
  const grouped = entry.imports.filter((file) => /^assets\/(auth|common|data|forms|shared)-/.test(file));
  if (grouped.length > 0) throw new Error(`the entry imports the chunk groups ${grouped.join(', ')}`);
  const visit = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep, into);
  };
  const loaded = new Set<string>();
  visit(entry.fileName, loaded);
  const manifest = {} as BootManifest;
  for (const [route, modules] of Object.entries(ROUTE_MODULES) as [BootRoute, string[]][]) {
    const wanted = new Set<string>();
    for (const module of modules) {
      const id = join(root, module);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`boot script: no chunk holds ${module}`);
      visit(chunk.fileName, wanted);
    }
    manifest[route] = [...wanted].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
  }
  manifest.catalogues = {};
  for (const chunk of chunks) {
    const id = chunk.moduleIds.find((m) => m.startsWith('\0virtual:outing-catalogue/'));
    if (!id) continue;
    const wanted = new Set<string>();
    visit(chunk.fileName, wanted);
    manifest.catalogues[id.split('/').pop()!] = [...wanted]
      .filter((file) => !loaded.has(file))
      .map((file) => `/${file}`);
  }
  if (Object.keys(manifest.catalogues).length === 0) throw new Error('boot script: no catalogue chunks');
  return manifest;
}

/** `entry` built on its own into one classic script (no imports, no chunks shared with the app). */
async function classicScript(options: {
  root: string;
  mode: string;
  minify: boolean;
  entry: string;
  define: Record<string, string>;
}): Promise<string> {
  const { root, mode, minify, entry, define } = options;
  const result = await build({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    publicDir: false,
    define,
    resolve: { alias: { '@': join(root, 'src') } },
    build: {
      write: false,
      emptyOutDir: false,
      minify,
      sourcemap: false,
      modulePreload: false,
      rolldownOptions: {
        input: join(root, entry),
        output: { format: 'iife', codeSplitting: false, entryFileNames: 'script.js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const code = outputs
    .flatMap((o) => o.output)
    .find((o): o is Chunk => o.type === 'chunk' && o.fileName === 'script.js')?.code;
  if (!code) throw new Error(`${entry}: the build gave no script`);
  if (/\bimport\s*\(|^\s*import\s|\bexport\s*\{/m.test(code))
    throw new Error(`${entry}: must be a classic script without imports`);
  return code;
}

export function bootScript(): Plugin {
  let root = '';
  let mode = '';
  let minify = true;
  let bootCode = '';
  return {
    name: 'outing:boot-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      minify = Boolean(config.build.minify);
    },
    async generateBundle(_options, bundle) {
      const build = (entry: string, define: Record<string, string> = {}) =>
        classicScript({ root, mode, minify, entry, define });
      // The format warm-up's worker (src/boot/format-worker.ts), carried by the boot script as text: started from
      // a blob, it runs at once instead of waiting for a low-priority download of its own (decision 017).
      const formatWorker = await build(FORMAT_WORKER_ENTRY);
      const manifest = bootManifest(root, bundle);
      bootCode = await build(BOOT_ENTRY, {
        __OUTING_BOOT_MANIFEST__: JSON.stringify(manifest),
        __OUTING_FORMAT_WORKER__: JSON.stringify(formatWorker),
      });
      // Inline: a `</script` or `<!--` inside would end or change the element early.
      if (/<\/script|<!--/i.test(bootCode)) throw new Error('boot script: cannot be inlined as it is');
    },
    // Vite writes index.html after the plugins' generateBundle, through this hook.
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!bootCode) throw new Error('boot script: not built before index.html');
        const entryTag = /\s*<script type="module"/.exec(html);
        if (!entryTag) throw new Error('boot script: no entry <script> in index.html');
        // Before the entry's tag: it runs while the entry downloads (the parser's look-ahead has found the entry).
        // The server allows exactly this script through its hash in the CSP (lib/security-headers.ts).
        return `${html.slice(0, entryTag.index)}\n    <script>${bootCode}</script>${html.slice(entryTag.index)}`;
      },
    },
  };
}
