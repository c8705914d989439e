import type { TokenClaims } from '@outing/contract';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const testClaims: TokenClaims = {
  user_id: 7,
  user_email: 'ada@example.com',
  username: 'ada',
  picture_url: 'https://example.com/ada.png',
  exp: Math.floor(Date.now() / 1000) + 3600,
};

/** An unsigned JWT-shaped token: the client only reads claims, the server verifies. */
export function makeToken(claims: Partial<TokenClaims> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64Url(JSON.stringify({ ...testClaims, ...claims }));
  return `${header}.${body}.signature`;
}
