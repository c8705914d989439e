import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { tokenClaimsSchema, type TokenClaims } from '@outing/contract';
import { unauthenticated } from './errors.js';

export const TOKEN_LIFETIME_SECONDS = 72 * 60 * 60;

export type TokenUser = { id: number; email: string; username: string; pictureUrl: string };

export type TokenService = {
  sign(user: TokenUser): Promise<string>;
  /** The verified claims, or a 401 AppError. `iat` is in seconds with millisecond fractions. */
  verify(token: string): Promise<TokenClaims & { iat: number }>;
};

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      const now = Date.now() / 1000;
      return (
        new SignJWT({
          user_id: user.id,
          user_email: user.email,
          username: user.username,
          picture_url: user.pictureUrl,
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          // A fractional iat orders a token against a revocation within the same second (RFC 7519 NumericDate).
          .setIssuedAt(now)
          .setExpirationTime(Math.floor(now) + TOKEN_LIFETIME_SECONDS)
          .setJti(randomUUID())
          .sign(key)
      );
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = tokenClaimsSchema.parse(payload);
        if (typeof claims.iat !== 'number') throw unauthenticated();
        return { ...claims, iat: claims.iat };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired)
          throw unauthenticated('Your session has expired. Please sign in again.');
        throw unauthenticated();
      }
    },
  };
}
