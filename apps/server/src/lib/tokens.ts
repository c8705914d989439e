import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { tokenClaimsSchema, type TokenClaims } from '@outing/contract';
import { unauthenticated } from './errors.js';

export const TOKEN_LIFETIME_SECONDS = 72 * 60 * 60;

/**
 * Whom a token is for. `guestRoomId`, a guest's one room, is written as the `guest_room_id` claim, so a client knows
 * from the token alone that the session is a guest's (docs/api/README.md#authentication); an account's token has none.
 */
export type TokenUser = {
  id: number;
  email: string;
  username: string;
  pictureUrl: string;
  guestRoomId?: string;
};

/** A token's lifetime when not the default: a guest's lives 90 days (docs/api/README.md#guests). */
export type SignOptions = { lifetimeSeconds?: number };

export type TokenService = {
  sign(user: TokenUser, opts?: SignOptions): Promise<string>;
  /** The verified claims, or a 401 AppError. `iat` is in seconds with millisecond fractions. */
  verify(token: string): Promise<TokenClaims & { iat: number }>;
};

/** Verified tokens kept per service; a token is a few hundred bytes, so this bounds the cache to about 3 MB. */
const VERIFIED_CACHE_SIZE = 5000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // The signature check runs through WebCrypto (jose) and was about a tenth of an authenticated request's CPU in
  // the api benchmark. A token's claims never change, so a token verified once is only re-checked for expiry;
  // revocation is checked by the caller against the database on every request, as before.
  const verified = new Map<string, TokenClaims & { iat: number }>();
  return {
    async sign(user, opts = {}) {
      const now = Date.now() / 1000;
      return (
        new SignJWT({
          user_id: user.id,
          user_email: user.email,
          username: user.username,
          picture_url: user.pictureUrl,
          ...(user.guestRoomId ? { guest_room_id: user.guestRoomId } : {}),
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          // A fractional iat orders a token against a revocation within the same second (RFC 7519 NumericDate).
          .setIssuedAt(now)
          .setExpirationTime(Math.floor(now) + (opts.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS))
          .setJti(randomUUID())
          .sign(key)
      );
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return { ...known };
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = tokenClaimsSchema.parse(payload);
        if (typeof claims.iat !== 'number') throw unauthenticated('Please sign in again.', 'SESSION_INVALID');
        const result = { ...claims, iat: claims.iat };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, result);
        return { ...result };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired)
          throw unauthenticated('Your session has expired. Please sign in again.', 'SESSION_EXPIRED');
        throw unauthenticated('Please sign in again.', 'SESSION_INVALID');
      }
    },
  };
}
