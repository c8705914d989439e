import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import type { Db } from '../db/pool.js';
import { forbidden, unauthenticated } from './errors.js';
import type { TokenService } from './tokens.js';

export type AuthUser = { id: number; username: string; email: string; pictureUrl: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by `app.authenticate` (the only source of the caller's identity). */
    user: AuthUser;
  }
  interface FastifyInstance {
    authenticate: onRequestAsyncHookHandler;
    tokens: TokenService;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/**
 * Verifies a token and re-reads its user: a deleted user, or a token issued before the user's
 * `tokens_valid_after` (password reset, logout), is refused.
 */
export async function authenticateToken(db: Db, tokens: TokenService, token: string): Promise<AuthUser> {
  return (await verifySession(db, tokens, token)).user;
}

// Every authenticated request runs this query: built once per database, and prepared on each connection.
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();
const sessionUserQuery = (db: Db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      pictureUrl: users.pictureUrl,
      tokensValidAfter: users.tokensValidAfter,
      isEmailValid: users.isEmailValid,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user');

/** The user of a token with the token's issue and expiry times (ms), for a session that outlives one request. */
export async function verifySession(
  db: Db,
  tokens: TokenService,
  token: string,
): Promise<{ user: AuthUser; issuedAtMs: number; expiresAtMs: number }> {
  const claims = await tokens.verify(token);
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ id: claims.user_id });
  if (!row || !row.isEmailValid) throw unauthenticated();
  if (claims.iat * 1000 < row.tokensValidAfter.getTime()) {
    throw unauthenticated('Your session has ended. Please sign in again.');
  }
  return {
    user: { id: row.id, username: row.username, email: row.email, pictureUrl: row.pictureUrl },
    issuedAtMs: claims.iat * 1000,
    expiresAtMs: claims.exp * 1000,
  };
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService) {
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated('Please sign in.');
    req.user = await authenticateToken(db, tokens, token);
    // The general per-user limit (decorated by the rate limits, which register after this).
    if (app.limitUser) await app.limitUser(req, reply);
  });
}

/** Every `/users/{id}/…` route is about the caller only. */
export function requireSelf(req: FastifyRequest, id: number) {
  if (req.user.id !== id) throw forbidden('You can only do that for your own account.');
}
