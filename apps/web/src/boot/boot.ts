// The boot script: a small classic script that index.html runs before the app's entry has downloaded (it is built
// on its own by build/boot.ts, with the manifest of route chunks written into it). For a signed-in visit of / or
// /room/{id} it starts the screen's chunks, its first API calls and, once an answer names it, its main picture, all
// alongside the entry instead of one after the other; the API client adopts the calls (lib/early-calls.ts). Any
// signed-in visit also starts the worker that loads the engine's locale data off the main thread (decision 017).
// Whatever fails here only leaves the app to do the work itself.
import { buildHeaders } from '@/lib/api-url';
import { leaveEarlyCalls } from '@/lib/early-calls';
import { resolveLanguage } from '@/lib/i18n/language';
import { applyTheme } from '@/lib/theme';
import { getStoredToken } from '@/lib/token-storage';
import { picturePreload, planBoot, type BootManifest, type BootPlan, type PicturePreload } from './plan';

declare const __OUTING_BOOT_MANIFEST__: BootManifest;
/** The format warm-up worker's code (format-worker.ts, built by build/boot.ts). */
declare const __OUTING_FORMAT_WORKER__: string;

function addLink(attrs: Record<string, string>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, value);
  document.head.appendChild(link);
}

function preloadPicture(picture: PicturePreload): void {
  const attrs: Record<string, string> = {
    rel: 'preload',
    as: 'image',
    href: picture.href,
    fetchpriority: 'high',
  };
  if (picture.imageSrcset) attrs.imagesrcset = picture.imageSrcset;
  if (picture.imageSizes) attrs.imagesizes = picture.imageSizes;
  if (picture.type) attrs.type = picture.type;
  addLink(attrs);
}

/**
 * A signed-in screen formats dates and amounts: the engine's locale data for them is loaded now, by a worker on
 * another thread, while the entry downloads (format-worker.ts, decision 017). Started from a blob of its code, it
 * runs at once: a file of its own waited for a low-priority download behind the screen's.
 */
export function startFormatWorker(code: string | undefined): void {
  if (!code || typeof Worker !== 'function' || typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const done = () => URL.revokeObjectURL(url);
  let worker: Worker;
  try {
    worker = new Worker(url, { name: 'formats' });
  } catch (error) {
    done();
    throw error;
  }
  worker.addEventListener('message', done, { once: true });
  worker.addEventListener('error', done, { once: true });
  worker.postMessage(resolveLanguage());
}

/** The screen's first reads, left for the API client to adopt, and its main picture once an answer names it. */
function startCalls(token: string, plan: BootPlan): void {
  const headers = buildHeaders(token, false);
  const calls: Record<string, Promise<Response>> = {};
  for (const call of plan.calls) {
    const response = fetch(call.url, { headers, credentials: 'same-origin' });
    calls[call.url] = response;
    const picture = call.picture;
    // Read from a copy taken before anybody else can read the answer (this handler is the first one attached).
    if (picture)
      response
        .then((r) => (r.ok ? r.clone().json() : null))
        .then((envelope: unknown) => {
          const preload = picturePreload(picture, envelope);
          if (preload) preloadPicture(preload);
        })
        .catch(() => {});
    else response.catch(() => {}); // the app reports a failure when it adopts the call
  }
  leaveEarlyCalls({ token, startedAt: Date.now(), calls });
}

export function boot(manifest: BootManifest, formatWorker?: string): void {
  const token = getStoredToken();
  const plan = planBoot(window.location.pathname, token, Date.now(), manifest);
  // No usable session: the sign-in screen, which neither reads nor formats.
  const signedIn = token !== null && plan.route !== 'login';
  if (signedIn)
    try {
      startFormatWorker(formatWorker);
    } catch {
      // The app formats without it.
    }
  const catalogue = manifest.catalogues?.[resolveLanguage()] ?? [];
  for (const href of [...catalogue, ...plan.modules])
    addLink({ rel: 'modulepreload', crossorigin: '', href });
  if (signedIn && plan.calls.length > 0) startCalls(token, plan);
}

try {
  // First of all: the page's colours before anything paints.
  applyTheme();
} catch {
  // The entry applies it again.
}

try {
  boot(__OUTING_BOOT_MANIFEST__, __OUTING_FORMAT_WORKER__);
} catch {
  // Never in the way of the app.
}
