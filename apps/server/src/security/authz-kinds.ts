import type { TestUser } from '../test/users.js';
import type { World } from './authz-world.js';

/** The kinds of caller of the authorisation matrix, the shape of its rows, and shorthands for expectations. */

/** Callers that are not signed in. Bad tokens are all the host's, so only the token makes the difference. */
export const tokenKinds = [
  'anonymous',
  'malformed',
  'expired',
  'foreignSecret',
  'algNone',
  'revoked',
] as const;
/** Signed-in callers by their relation to the resources of the row. */
export const roles = ['stranger', 'invitee', 'member', 'host', 'payer', 'payee'] as const;
/**
 * User-scoped routes (`/users/{id}/…`, and the `userId` of a push subscription): every role above calls with its
 * own id; `self` is a user with no relation to anything on their own id, `other` the same user on the id of the
 * row's victim (the owner of the resource the row names; the member unless said otherwise).
 */
export const idKinds = ['self', 'other'] as const;

export type TokenKind = (typeof tokenKinds)[number];
export type Role = (typeof roles)[number];
export type IdKind = (typeof idKinds)[number];
export type CallerKind = TokenKind | Role | IdKind;
export const callerKinds: readonly CallerKind[] = [...tokenKinds, ...roles, ...idKinds];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type Req = { method: Method; url: string; payload?: object; headers?: Record<string, string> };
/** `me`: whose token is sent (the host's for token kinds); `id`: the user id a user-scoped row puts in its path. */
export type Call = { who: CallerKind; me: TestUser; id: number };
export type Expect = Record<TokenKind | Role, number> & Partial<Record<IdKind, number>>;

export type Row = {
  method: Method;
  /** The route as Fastify registered it. */
  route: string;
  variant?: string;
  /** `self`: user-scoped, so it also has `self` and `other` cells. */
  scope?: 'self';
  victim?: (w: World) => TestUser;
  request: (w: World, c: Call) => Req;
  expect: Expect;
  /**
   * The same call naming something that does not exist, and the status every signed-in caller gets for it (404,
   * unless the contract says otherwise). A denied cell with that status must answer exactly alike; one with another
   * status shows that what exists is refused (403), not hidden (docs/security.md, "Existing but not yours").
   */
  missing?: { status: number; request: (w: World, c: Call) => Req };
  /**
   * Where the contract itself answers 404 for something that exists but is not the caller's, its words. Without
   * this, a signed-in cell may not expect 404: what exists and is not yours is 403 (docs/api/README.md#status-rules).
   */
  hidden?: string;
};

export const signedOut = (status = 401) =>
  Object.fromEntries(tokenKinds.map((k) => [k, status])) as Record<TokenKind, number>;
export const byRole = (status: number, except: Partial<Record<Role, number>> = {}) => ({
  ...(Object.fromEntries(roles.map((r) => [r, status])) as Record<Role, number>),
  ...except,
});
/** No authentication: any header, good or bad, is ignored. */
export const open = (status: number): Expect => ({ ...signedOut(status), ...byRole(status) });
export const signedIn = (status: number, except: Partial<Record<Role, number>> = {}): Expect => ({
  ...signedOut(),
  ...byRole(status, except),
});
/** `/users/{id}/…`: the caller's own id only; someone else's is 403. */
export const selfOnly = (status: number, except: Partial<Record<Role | 'self', number>> = {}): Expect => ({
  ...signedIn(status, except),
  self: except.self ?? status,
  other: 403,
});
export const membersOnly = (ok = 200) => signedIn(403, { member: ok, host: ok });
/** What a pending invitee may read before answering too (docs/api/README.md: the guest list, the date poll). */
export const membersAndInvitees = () => signedIn(403, { member: 200, host: 200, invitee: 200 });

export const NO_ID = 2_147_483_647; // a valid integer id no row has
export const get = (url: string): Req => ({ method: 'GET', url });
export const r = (m: Method, url: string, payload?: object): Req => ({
  method: m,
  url,
  ...(payload ? { payload } : {}),
});
