import { readItem, removeItem, writeItem } from './storage';

/**
 * sessionStorage key of the path an unauthenticated visitor wanted (pathname + search + hash). Session storage
 * keeps it per tab and survives the round trip through the sign-in provider.
 */
export const REDIRECT_PATH_STORAGE_KEY = 'outing.redirectPath';

const PROBE_ORIGIN = 'https://outing.invalid';
// Control characters are dropped by URL parsers ("/\t/evil.com" → "//evil.com") and browsers treat "\" as "/".
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * Returns the value when it is a same-origin relative path starting with a single "/", else null.
 * Rejects protocol-relative ("//evil.com"), backslash tricks ("/\evil"), absolute URLs and any scheme.
 */
export function sanitizeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // Dot segments can normalise into a protocol-relative path ("/..//evil.com" → "//evil.com").
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Saves the path to return to after login; unsafe values are ignored. */
export function saveRedirectPath(path: string): void {
  const safe = sanitizeRedirectPath(path);
  if (safe) writeItem('session', REDIRECT_PATH_STORAGE_KEY, safe);
}

export function clearRedirectPath(): void {
  removeItem('session', REDIRECT_PATH_STORAGE_KEY);
}

/** Returns the saved path (re-checked, since storage is writable by anyone on the page) and forgets it. */
export function consumeRedirectPath(): string | null {
  const saved = readItem('session', REDIRECT_PATH_STORAGE_KEY);
  clearRedirectPath();
  return sanitizeRedirectPath(saved);
}
