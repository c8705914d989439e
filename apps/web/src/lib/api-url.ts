// Zod-free on purpose: the boot script (src/boot) builds its early calls with these, so that their URLs and headers
// are exactly those of the API client that later adopts them.

/** Every call goes to the versioned API (docs/api/README.md#transport). */
export const API_BASE = '/v1';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, query?: QueryParams): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function buildHeaders(token: string | null, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`); // i18n-ignore: an HTTP scheme
  // Access-gateway headers (docs/product.md#calls): only when the deployment configures them.
  const clientId = import.meta.env.VITE_CF_ACCESS_CLIENT_ID;
  const clientSecret = import.meta.env.VITE_CF_ACCESS_CLIENT_SECRET;
  if (clientId) headers.set('CF-Access-Client-Id', clientId);
  if (clientSecret) headers.set('CF-Access-Client-Secret', clientSecret);
  return headers;
}
