import { maxId, type TokenClaims, type User } from '@outing/contract';
import { clearStoredToken, getStoredToken } from './token-storage';
import { readTokenPayload } from './token-payload';

// Loaded on demand: at start only when a token is stored, and by login. The claims are read by hand, without zod,
// which the signed-in screens then never need at start (decision 015).

// A developer's message (logged, docs/product.md#session), never shown on a screen.
export const INVALID_TOKEN_MESSAGE = 'Invalid token format'; // i18n-ignore

export class InvalidTokenError extends Error {
  constructor() {
    super(INVALID_TOKEN_MESSAGE);
    this.name = 'InvalidTokenError';
  }
}

/**
 * Reads the claims of a JWT without verifying it (the server verifies; the client only needs who is signed in).
 * Throws `InvalidTokenError` ('Invalid token format') unless the token has three dot-separated parts and a
 * base64url JSON body carrying the claims (docs/api/README.md#authentication).
 */
export function decodeTokenClaims(token: string): TokenClaims {
  const body = readTokenPayload(token);
  if (body === undefined) throw new InvalidTokenError();
  const claims = readClaims(body);
  if (!claims) throw new InvalidTokenError();
  return claims;
}

// Safe integers, as zod's `int()`.
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The contract's `tokenClaimsSchema`, checked field by field (unknown fields dropped, as the schema does). */
function readClaims(body: unknown): TokenClaims | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { user_id, user_email, username, picture_url, exp, iat, jti, guest_room_id } = body as Record<
    string,
    unknown
  >;
  if (!isInt(user_id) || user_id < 1 || user_id > maxId || !isInt(exp)) return null;
  if (typeof user_email !== 'string' || typeof username !== 'string' || typeof picture_url !== 'string')
    return null;
  if ((iat !== undefined && typeof iat !== 'number') || (jti !== undefined && typeof jti !== 'string'))
    return null;
  if (guest_room_id !== undefined && typeof guest_room_id !== 'string') return null;
  const claims: TokenClaims = { user_id, user_email, username, picture_url, exp };
  if (iat !== undefined) claims.iat = iat;
  if (jti !== undefined) claims.jti = jti;
  if (guest_room_id !== undefined) claims.guest_room_id = guest_room_id;
  return claims;
}

/** `exp` is in seconds, `now` in milliseconds (docs/product.md#session). */
export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, now: number = Date.now()): boolean {
  return claims.exp * 1000 < now;
}

/** The user a token names; a guest's (its `guest_room_id` claim, docs/guests.md) is marked `isGuest`. */
export function userFromClaims(claims: TokenClaims): User {
  const user: User = {
    id: claims.user_id,
    username: claims.username,
    email: claims.user_email,
    pictureUrl: claims.picture_url,
  };
  if (claims.guest_room_id !== undefined) user.isGuest = true;
  return user;
}

/** The one room a guest's token is for; null for an account's. */
export const guestRoomOf = (claims: TokenClaims): string | null => claims.guest_room_id ?? null;

export type RestoredSession =
  | { status: 'authenticated'; token: string; user: User; guestRoomId: string | null }
  | { status: 'anonymous'; reason: 'missing' | 'expired' | 'invalid' };

/**
 * The start-up check of docs/product.md#session: no token → anonymous; malformed → anonymous ('Invalid token format'
 * is logged); expired → logged out (the stale token is removed); otherwise the user comes from the claims.
 */
export function restoreSession(now: number = Date.now()): RestoredSession {
  const token = getStoredToken();
  if (!token) return { status: 'anonymous', reason: 'missing' };
  let claims: TokenClaims;
  try {
    claims = decodeTokenClaims(token);
  } catch (error) {
    console.warn(error instanceof Error ? error.message : INVALID_TOKEN_MESSAGE);
    clearStoredToken();
    return { status: 'anonymous', reason: 'invalid' };
  }
  if (isTokenExpired(claims, now)) {
    clearStoredToken();
    return { status: 'anonymous', reason: 'expired' };
  }
  return { status: 'authenticated', token, user: userFromClaims(claims), guestRoomId: guestRoomOf(claims) };
}
