// Zod-free on purpose: the boot script (src/boot) reads the expiry with it before any of the app's code has loaded;
// lib/token.ts checks the claims it returns against the contract.

function decodeBase64Url(part: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The JSON body of a JWT, read without verifying it (the server verifies); undefined unless the token has three
 * non-empty dot-separated parts and a base64url UTF-8 JSON body.
 */
export function readTokenPayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part === '')) return undefined;
  const json = decodeBase64Url(parts[1] as string);
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
