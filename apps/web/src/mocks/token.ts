import type { TokenClaims } from '@outing/contract';

// Mock mode signs nobody in for real: it hands out unsigned JWT-shaped tokens whose claims the app reads.

function base64Url(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function mockToken(claims: Omit<TokenClaims, 'exp'> & { exp?: number }): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64Url(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 72 * 3600, ...claims }));
  return `${header}.${body}.mock-signature`;
}

/** The claims of the bearer token of a mocked request, if it carries one of ours. */
export function claimsOf(request: Request): TokenClaims | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const body = token?.split('.')[1];
  if (!body) return null;
  try {
    return JSON.parse(fromBase64Url(body)) as TokenClaims;
  } catch {
    return null;
  }
}
