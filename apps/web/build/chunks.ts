// How the build cuts the app into chunks: chunk groups for the lazy screens, and a check that no two chunks import
// each other. (What each first screen preloads is the boot script's: build/boot.ts.)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
/** The first screen of a new visitor (and what the boot script preloads for one, build/boot.ts). */
export const FIRST_SCREEN = 'src/features/auth/pages/login-page.tsx';
const CONFIG_CALL = 'src/features/system/api/get-config.ts';
/**
 * The screens a signed-in visit opens on most (Lighthouse's / and /room/{id}; what the boot script prefetches), and
 * the tab bar's layout, which Home loads with it.
 */
const SIGNED_IN_FIRST = [
  'src/features/home/pages/home-page.tsx',
  'src/app/routes/room/room-page.tsx',
  'src/app/layouts/tab-layout.tsx',
];

/** What a chunk-group `name` function is handed (rolldown's ChunkingContext). */
interface ChunkingContext {
  getModuleInfo(id: string): Rolldown.ModuleInfo | null;
}

/**
 * Fewer, larger chunks for the lazy screens. Left alone, the bundler makes a chunk of every set of modules that
 * the same set of screens shares: 80 files, a screen needing 15–25 of them (each an HTTP/1.1 request, six at a
 * time, and a `<link rel="modulepreload">` the preload helper adds to the page while it loads the screen). Here:
 * - `auth`: what the first screen (/login) imports beyond the entry, one file preloaded with the entry;
 * - `data`: the API client, zod and the contract's schemas, which the first screen's sign-in options call loads;
 * - `forms`: react-hook-form, its zod resolver and the shared fields built on them, for the screens with forms;
 * - `common`: every other module two or more screens share that Home or the room screen uses (the UI kit, the
 *   features' calls, icons), one file the signed-in screens load beside their own chunk and `data`;
 * - `shared`: what two or more of the other screens share and neither Home nor the room uses (the bill and room
 *   forms' parts, the venue and currency pickers, the QR code), so that the two first screens do without it.
 * The entry's own modules are never moved (the entry keeps what it imports statically).
 */
export function chunkGroups(): (
  only: (group: string) => boolean,
) => (id: string, ctx: ChunkingContext) => string | null {
  let groups: Map<string, string> | null = null;
  // An index file that re-exports a whole package (an icon set, TanStack Query) imports everything in it, used or
  // not: the walk does not go through one, and takes from an icon set only the icons a file names.
  const isBarrel = (info: Rolldown.ModuleInfo) =>
    info.id.includes('/node_modules/') && info.importedIds.length > 30;
  const namedIcons = (info: Rolldown.ModuleInfo) =>
    [
      ...(info.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](@heroicons\/react\/[\w/]+)["']/g),
    ].flatMap(([, names = '', set = '']) => {
      const index = info.importedIds.find((id) => id.includes(`/${set}/esm/index.js`));
      if (!index) return [];
      return names
        .split(',')
        .map((n) => n.trim().split(/\s+as\s+/)[0]!)
        .filter(Boolean)
        .map((name) => join(index, '..', `${name}.js`));
    });
  const closure = (ctx: ChunkingContext, from: string, appOnly = false) => {
    const into = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (into.has(id) || (appOnly && id.includes('/node_modules/'))) continue;
      into.add(id);
      const info = ctx.getModuleInfo(id);
      if (!info || isBarrel(info)) continue;
      stack.push(...info.importedIds, ...namedIcons(info));
    }
    return into;
  };
  const classify = (ctx: ChunkingContext) => {
    const byId = new Map<string, string>();
    const entry = ctx.getModuleInfo(join(webRoot, 'src', 'main.tsx'));
    if (!entry) return byId;
    // The entry's own source files. Its packages are the `vendor` group's: that group sees what the entry really
    // uses of them (an icon, not the whole icon set its index file imports).
    const initial = closure(ctx, entry.id, true);
    // Every screen: the targets of import() anywhere in the graph.
    const lazy = new Set<string>();
    for (const id of [...initial])
      for (const d of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(d);
    // A route of the app shell that picks its screen when it renders (routes/room-or-preview-route.tsx: the room or
    // its preview): the screens it imports are screens too, sharing `common` like the others.
    const shellRoutes = join(webRoot, 'src', 'app', 'routes');
    for (const id of [...lazy])
      if (id.startsWith(shellRoutes))
        for (const d of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(d);
    const login = join(webRoot, FIRST_SCREEN);
    for (const id of closure(ctx, login)) if (!initial.has(id) && id !== login) byId.set(id, 'auth');
    // The API client with zod and the contract's schemas: what the first screen's own call (the sign-in options)
    // loads once the screen is up, without the signed-in screens' shared code.
    const config = join(webRoot, CONFIG_CALL);
    for (const id of closure(ctx, config))
      if (!initial.has(id) && !byId.has(id) && id !== config) byId.set(id, 'data');
    const firstScreens = new Set(SIGNED_IN_FIRST.flatMap((file) => [...closure(ctx, join(webRoot, file))]));
    const shared = new Map<string, number>();
    for (const root of lazy)
      for (const id of closure(ctx, root)) if (id !== root) shared.set(id, (shared.get(id) ?? 0) + 1);
    const isFormLibrary = (id: string) => /\/node_modules\/(react-hook-form|@hookform)\//.test(id);
    for (const [id, count] of shared) {
      if (initial.has(id) || byId.has(id) || lazy.has(id)) continue;
      // A form component goes with the form library, so that screens without a form do without both.
      if (isFormLibrary(id)) byId.set(id, 'forms');
      else if (count < 2) continue;
      else if ([...closure(ctx, id)].some(isFormLibrary)) byId.set(id, 'forms');
      // A closure is whole: a `common` module never imports a `shared` one, so the two chunks never import each
      // other both ways.
      else byId.set(id, firstScreens.has(id) ? 'common' : 'shared');
    }
    return byId;
  };
  return (only) => (id, ctx) => {
    const group = (groups ??= classify(ctx)).get(id);
    return group && only(group) ? group : null;
  };
}

/**
 * Chunks that import each other statically run in an order where one of them meets the other half-initialised
 * ("x is not a constructor"): the chunk groups above must not make any, and the build stops if they do.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'outing:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const state = new Map<string, 'visiting' | 'done'>();
      const visit = (file: string, path: string[]) => {
        if (state.get(file) === 'done') return;
        if (state.get(file) === 'visiting')
          throw new Error(
            `chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`,
          );
        state.set(file, 'visiting');
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep, [...path, file]);
        state.set(file, 'done');
      };
      for (const file of Object.keys(bundle)) visit(file, []);
    },
  };
}
