import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/pool.js';
import { selectSessionRow, type SessionRow } from '../db/queries-session.js';
import { unauthenticated } from './errors.js';
import type { TokenService } from './tokens.js';

export type AuthUser = {
  id: number;
  username: string;
  email: string;
  pictureUrl: string;
  /** A guest's one room (docs/decisions/026-guests.md), where lib/route.ts confines it; null for an account. */
  guestRoomId: string | null;
};

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
// unverified account (a guest, never verified, is let in: its scope is lib/route.ts's), or a token issued before the
// user's `tokens_valid_after` (password reset, logout): the query is db/queries-session.ts's.
const readSessionRow = selectSessionRow;

/** Whether the row may hold a session: a verified account, or a guest (which has no email to verify). */
const mayHoldSession = (row: SessionRow) => row.isEmailValid || row.guestRoomId !== null;

function checkSession(row: SessionRow | undefined, iat: number, jti: string | undefined): AuthUser {
  if (!row || !mayHoldSession(row)) throw unauthenticated('Please sign in again.', 'SESSION_INVALID');
  if (iat * 1000 < row.tokensValidAfter.getTime() || (jti !== undefined && row.revokedJtis.includes(jti))) {
    throw unauthenticated('Your session has ended. Please sign in again.', 'SESSION_ENDED');
  }
  const { id, username, email, pictureUrl, guestRoomId } = row;
  return { id, username, email, pictureUrl, guestRoomId };
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

/**
 * How long the users row read for one request is reused for the same user's next requests, while the cache may be
 * used at all (`SessionCache.canServe`: on one instance always, with Redis only while the realtime bus is
 * subscribed). It only bounds how long a row lives if its forget message is lost while the bus stays up (the
 * instance that made the change could not publish it); decision 004.
 */
export const SESSION_CACHE_MS = 60_000;
/** Rows kept at most: a few hundred bytes each, so about 20 MB when full. */
export const SESSION_CACHE_MAX_ROWS = 50_000;

/**
 * The users rows behind recent requests, each for `ttlMs` from the moment it was read: at one action every ~10 s per
 * user, nearly every request would read the row again with a short lifetime (capacity bench: 10 % of PostgreSQL's
 * time). Only rows that let the caller in are kept (a refused token always reads the database again). Whatever
 * changes a row forgets it: a logout (of every device or of one), a password reset or change, a deletion (the token
 * revocation event, before the answer is sent) and a username change on this instance at once, and on the other
 * instances through the realtime bus, normally within milliseconds. Rows are used only while `canServe()` (the bus's
 * subscription is up, so no forget can be missed): when it is not, the cache is emptied and every request reads the
 * database, and it is emptied again when the subscription is back (`clear`, as messages may have been lost
 * meanwhile). A read that started before a `forget` or `clear` never stores what it read.
 */
export class SessionCache {
  // In insertion order, which is (nearly) the order of `readAt`: the oldest rows are at the front, so eviction and
  // the sweep of expired rows take the first keys.
  readonly #rows = new Map<number, { row: SessionRow; readAt: number }>();
  #revision = 0;
  /** Whether rows may be used now (set by the realtime plugin: whether the bus is receiving). */
  canServe: () => boolean = () => true;

  constructor(
    readonly ttlMs = SESSION_CACHE_MS,
    readonly maxSize = SESSION_CACHE_MAX_ROWS,
    private readonly now: () => number = Date.now,
  ) {}

  get(userId: number): SessionRow | undefined {
    if (!this.#usable()) return undefined;
    const entry = this.#rows.get(userId);
    if (!entry) return undefined;
    if (this.now() - entry.readAt < this.ttlMs) return entry.row;
    this.#rows.delete(userId);
    return undefined;
  }

  /** Reads the row through the cache (straight from the database while the cache may not be used). */
  async load(userId: number, read: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined> {
    const cached = this.get(userId);
    if (cached) return cached;
    const revision = this.#revision;
    const readAt = this.now();
    const row = await read();
    if (row && mayHoldSession(row) && revision === this.#revision && this.#usable())
      this.#store(userId, row, readAt);
    return row;
  }

  forget(userId: number) {
    this.#revision++;
    this.#rows.delete(userId);
  }

  /** Forgets every row, and what reads under way would store (the bus's subscription was down, or is back). */
  clear() {
    this.#revision++;
    this.#rows.clear();
  }

  get size(): number {
    return this.#rows.size;
  }

  /** Whether rows may be used now; emptied as soon as they may not (the bus's subscription dropped). */
  #usable(): boolean {
    if (this.canServe()) return true;
    if (this.#rows.size > 0) this.clear();
    return false;
  }

  #store(userId: number, row: SessionRow, readAt: number) {
    const now = this.now();
    // A few expired rows from the front per store, so that a full cache holds recent users, not departed ones.
    for (let i = 0; i < 4; i++) {
      const first = this.#rows.entries().next().value;
      if (!first || now - first[1].readAt < this.ttlMs) break;
      this.#rows.delete(first[0]);
    }
    // At the back (a row that expired in place was deleted by `get` already; this covers parallel reads of one user).
    this.#rows.delete(userId);
    if (this.#rows.size >= this.maxSize) this.#rows.delete(this.#rows.keys().next().value!);
    this.#rows.set(userId, { row, readAt });
  }
}

export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService, sessions: SessionCache) {
  app.decorate('tokens', tokens);
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorate('authenticate', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated('Please sign in.', 'SIGN_IN_REQUIRED');
    const claims = await tokens.verify(token);
    const row = await sessions.load(claims.user_id, () => readSessionRow(db, claims.user_id));
    req.user = checkSession(row, claims.iat, claims.jti);
    // The general per-user limit (decorated by the rate limits, which register after this).
    if (app.limitUser) await app.limitUser(req, reply);
  });
}
