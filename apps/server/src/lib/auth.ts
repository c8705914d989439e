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
    sessions: SessionCache;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

// A token's user is read (through the session cache for requests, fresh for a socket) to refuse a deleted or
// unverified user, or a token issued before the user's `tokens_valid_after` (password reset, logout).
// Every authenticated request may run this query: built once per database, and prepared on each connection.
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
      // Tokens of this user signed out one by one (per-device logout, migration 0011): read with the row, so the
      // check costs no round trip of its own and is cached and forgotten with it. Written out in full: Drizzle would
      // leave `users.id` unqualified inside the subquery.
      revokedJtis: sql<string[]>`ARRAY(SELECT r.jti FROM revoked_tokens r
        WHERE r.user_id = "users"."id" AND r.expires_at > now())`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user');

type SessionRow = {
  id: number;
  username: string;
  email: string;
  pictureUrl: string;
  tokensValidAfter: Date;
  isEmailValid: boolean;
  revokedJtis: string[];
};

async function readSessionRow(db: Db, userId: number): Promise<SessionRow | undefined> {
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ id: userId });
  return row;
}

function checkSession(row: SessionRow | undefined, iat: number, jti: string | undefined): AuthUser {
  if (!row || !row.isEmailValid) throw unauthenticated();
  if (iat * 1000 < row.tokensValidAfter.getTime() || (jti !== undefined && row.revokedJtis.includes(jti))) {
    throw unauthenticated('Your session has ended. Please sign in again.');
  }
  return { id: row.id, username: row.username, email: row.email, pictureUrl: row.pictureUrl };
}

/** The user of a token with the token's issue and expiry times (ms), for a session that outlives one request. */
export async function verifySession(
  db: Db,
  tokens: TokenService,
  token: string,
): Promise<{ user: AuthUser; issuedAtMs: number; expiresAtMs: number; jti: string | undefined }> {
  const claims = await tokens.verify(token);
  return {
    user: checkSession(await readSessionRow(db, claims.user_id), claims.iat, claims.jti),
    issuedAtMs: claims.iat * 1000,
    expiresAtMs: claims.exp * 1000,
    jti: claims.jti,
  };
}

/** How long the users row read for one request is reused for the same user's next requests. */
export const SESSION_CACHE_MS = 1000;

/**
 * The users rows behind recent requests, each for `SESSION_CACHE_MS` from the moment it was read: under load the
 * row a request needs was nearly always read by the same user's previous request, and reading it again was half the
 * queries of the common reads (api benchmark). Only rows that let the caller in are kept (a refused token always
 * reads the database again). Whatever changes a row forgets it: a logout (of every device or of one), a password
 * reset or change, a deletion (the token revocation event, before the answer is sent) and a username change on this
 * instance at once, and on the other instances through the realtime bus, normally within milliseconds; if that
 * message is lost (Redis away) the row expires on its own. A read that started before a `forget` never stores what
 * it read.
 */
export class SessionCache {
  readonly #rows = new Map<number, { row: SessionRow; readAt: number }>();
  #revision = 0;

  constructor(
    readonly ttlMs = SESSION_CACHE_MS,
    readonly maxSize = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(userId: number): SessionRow | undefined {
    const entry = this.#rows.get(userId);
    if (!entry) return undefined;
    if (this.now() - entry.readAt < this.ttlMs) return entry.row;
    this.#rows.delete(userId);
    return undefined;
  }

  /** Reads the row through the cache. */
  async load(userId: number, read: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined> {
    const cached = this.get(userId);
    if (cached) return cached;
    const revision = this.#revision;
    const readAt = this.now();
    const row = await read();
    if (row?.isEmailValid && revision === this.#revision) {
      if (this.#rows.size >= this.maxSize) this.#rows.delete(this.#rows.keys().next().value!);
      this.#rows.set(userId, { row, readAt });
    }
    return row;
  }

  forget(userId: number) {
    this.#revision++;
    this.#rows.delete(userId);
  }

  get size(): number {
    return this.#rows.size;
  }
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService, sessions: SessionCache) {
  app.decorate('tokens', tokens);
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated('Please sign in.');
    const claims = await tokens.verify(token);
    const row = await sessions.load(claims.user_id, () => readSessionRow(db, claims.user_id));
    req.user = checkSession(row, claims.iat, claims.jti);
    // The general per-user limit (decorated by the rate limits, which register after this).
    if (app.limitUser) await app.limitUser(req, reply);
  });
}

/** Every `/users/{id}/…` route is about the caller only. */
export function requireSelf(req: FastifyRequest, id: number) {
  if (req.user.id !== id) throw forbidden('You can only do that for your own account.');
}
