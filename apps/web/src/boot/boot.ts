// The boot script: a small classic script that index.html runs before the app's entry has downloaded (it is built
// on its own by build/boot.ts, with the manifest of route chunks written into it). For a signed-in visit of / or
// /room/{id} it starts the screen's chunks, its first API calls and, once an answer names it, its main picture, all
// alongside the entry instead of one after the other; the API client adopts the calls (lib/early-calls.ts).
// Whatever fails here only leaves the app to do the work itself.
import { buildHeaders } from '../lib/api-url';
import { leaveEarlyCalls } from '../lib/early-calls';
import { resolveFormatLocale, resolveLanguage, resolveNumberLocale } from '../i18n/language';
import { applyTheme } from '../lib/theme';
import { getStoredToken } from '../lib/token-storage';
import { picturePreload, planBoot, type BootManifest, type PicturePreload } from './plan';

declare const __OUTING_BOOT_MANIFEST__: BootManifest;

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
 * The engine's first date and money formats cost a phone ~150 ms of main thread (its locale data, the date patterns
 * of the locale: web-profile bench, issue #21), paid by the first screen's first render after it has painted. Made
 * here once, in a task of their own while the entry downloads, they cost the screen nothing: the engine keeps what
 * it built per locale. The formats themselves are thrown away (i18n/format.ts makes the app's).
 */
export function warmFormats(): void {
  const lang = resolveLanguage();
  const locale = resolveFormatLocale(lang);
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(0);
  new Intl.NumberFormat(resolveNumberLocale(lang), { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.PluralRules(locale).select(1);
}

export function boot(manifest: BootManifest): void {
  const token = getStoredToken();
  const plan = planBoot(window.location.pathname, token, Date.now(), manifest);
  const catalogue = manifest.catalogues?.[resolveLanguage()] ?? [];
  for (const href of [...catalogue, ...plan.modules])
    addLink({ rel: 'modulepreload', crossorigin: '', href });
  if (token === null || plan.calls.length === 0) return;
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
  // A signed-in screen that formats dates and amounts: their cost now, while nothing else can run.
  setTimeout(() => {
    try {
      warmFormats();
    } catch {
      // The app formats without it.
    }
  }, 0);
}

try {
  // First of all: the page's colours before anything paints.
  applyTheme();
} catch {
  // The entry applies it again.
}

try {
  boot(__OUTING_BOOT_MANIFEST__);
} catch {
  // Never in the way of the app.
}
