import { assignLocation } from '@/lib/location';
import { readItem, removeItem, writeItem } from '@/lib/storage';

// Authorisation-code sign-in (docs/api/README.md#authentication): the server's `googleAuthUrl` already carries client_id,
// response_type and scope; the app adds where to come back to and a random `state` that it checks on return.

export const GOOGLE_STATE_STORAGE_KEY = 'outing.googleState';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export function googleRedirectUri(): string {
  return `${window.location.origin}${GOOGLE_CALLBACK_PATH}`;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function buildGoogleAuthUrl(authUrl: string, state: string): string {
  const url = new URL(authUrl);
  url.searchParams.set('redirect_uri', googleRedirectUri());
  url.searchParams.set('state', state);
  return url.toString();
}

/** Remembers a fresh state for this tab and leaves for the provider. */
export function startGoogleSignIn(authUrl: string): void {
  const state = randomState();
  writeItem('session', GOOGLE_STATE_STORAGE_KEY, state);
  assignLocation(buildGoogleAuthUrl(authUrl, state));
}

/** True only when the provider sent back exactly the state this tab sent out. */
export function isExpectedGoogleState(received: string | null): boolean {
  const expected = readItem('session', GOOGLE_STATE_STORAGE_KEY);
  return expected !== null && expected !== '' && received === expected;
}

/** A state is good for one return only. */
export function forgetGoogleState(): void {
  removeItem('session', GOOGLE_STATE_STORAGE_KEY);
}
