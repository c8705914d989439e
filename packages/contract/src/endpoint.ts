import type { z } from 'zod';

/**
 * Endpoints declared once (issue 34, decision 020): each route of the API is one `endpoint({…})` in
 * `src/endpoints/<feature>.ts`. The server registers its route from it (`apps/server/src/lib/route.ts`: validation,
 * answer schemas, authentication, OpenAPI), the web app calls it through it (`api.call(endpoint, …)`), and the mock
 * handlers answer it through it (`mockRoute`). Nothing here runs: the declarations are data.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: the caller's relation to what the request names (in its path, query or body). Every
 * level but `public` needs a signed-in caller (401 otherwise); a signed-in caller outside the level is refused with
 * 403, or 404 where the contract hides what exists (docs/security.md, "Existing but not yours").
 */
export const accessLevels = {
  public: 'anyone, signed in or not',
  signedIn: 'any signed-in user; the answer is about the caller only',
  self: 'the user whose id is the path’s {id} (403 for anyone else)',
  member: 'a member of the room the request names (its room, for a bill)',
  host: 'the host of the room the request names',
  billEditor: 'the bill’s creator, its payer or the host of its room',
  party: 'the payer or the payee of the transaction the request names or records',
  payer: 'the payer of the transaction the request names',
  payee: 'the payee of the transaction the request names',
  owner: 'the user who owns the record the request names (a push subscription); 404 for anyone else',
  invitee: 'a user with a pending invite to the room the request names; 404 for anyone else',
  guest: 'a guest (docs/api/README.md#guests), about itself; an account is refused with 403',
} as const;
export type Access = keyof typeof accessLevels;

/** The error statuses an endpoint may answer (each with the error envelope). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** What a file endpoint answers instead of the JSON envelope (errors are still envelopes). */
/** What a signed-in route on a resource may refuse: bad input, no session, not allowed, unknown, conflict. */
export const resourceRefusals = [400, 401, 403, 404, 409] as const;

export type FileType = 'text/csv' | 'text/calendar' | 'image/webp' | 'application/json';

export interface EndpointDeclaration {
  readonly method: EndpointMethod;
  /** Under `/v1`, with `{name}` placeholders for path parameters (OpenAPI's form), e.g. `/rooms/{id}/balances`. */
  readonly path: string;
  /** The path parameters (one per placeholder), as the server validates them. */
  readonly params?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /** `data` of the success envelope `{status: "success", message, data}` (JSON endpoints). */
  readonly data?: z.ZodType;
  /** Fields of the success envelope beside `data`, e.g. a page's `nextCursor`. */
  readonly extra?: z.ZodRawShape;
  /** A file instead of the envelope (its `data` is then left out). */
  readonly file?: FileType;
  readonly errors: readonly ErrorStatus[];
  /**
   * The schema of an error status whose answer carries more than the error envelope (the login's 403
   * `EMAIL_NOT_VERIFIED` names the account's `email`); every other declared status answers the error envelope.
   */
  readonly errorBodies?: { readonly [S in ErrorStatus]?: z.ZodType };
  readonly access: Access;
  /**
   * Whether a guest token may call it (docs/guests.md): `'room'` for the calls a member makes in their room, allowed
   * to a guest in their one room only; left out, a guest token is refused with 403 `GUEST_NOT_ALLOWED`. A new route is
   * closed to guests unless it says so here.
   */
  readonly guests?: 'room';
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** The OpenAPI tag, or tags when a route belongs to more than one area (a user's calendar link). */
  readonly tag: string | readonly [string, ...string[]];
}

/**
 * Declares an endpoint, keeping every literal (method, path, access) and schema type for the server's and the web
 * app's helpers. The web app's production build keeps only `method` and `path` of each call (build/schemas.ts).
 */
export function endpoint<const E extends EndpointDeclaration>(declaration: E): E {
  return declaration;
}

/** The names of a path's `{name}` placeholders: `'/rooms/{id}/x'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server reads, after validation. */
export type EndpointParams<E extends EndpointDeclaration> = Out<E['params']>;
export type EndpointQuery<E extends EndpointDeclaration> = Out<E['query']>;
export type EndpointBody<E extends EndpointDeclaration> = Out<E['body']>;
/** What a client sends. */
export type EndpointBodyInput<E extends EndpointDeclaration> = In<E['body']>;
export type EndpointQueryInput<E extends EndpointDeclaration> = In<E['query']>;
/** `data` of the answer as a client reads it (after the data schema). */
export type EndpointData<E extends EndpointDeclaration> = Out<E['data']>;
/** The whole success envelope as a handler writes it (before the answer's schema). */
export type EndpointEnvelope<E extends EndpointDeclaration> = {
  status: 'success';
  message: string;
  data: In<E['data']>;
} & (E['extra'] extends z.ZodRawShape ? Partial<z.input<z.ZodObject<E['extra']>>> : unknown);

/** `'/rooms/{id}'` → `'/rooms/:id'`, the server router's form. */
export function colonPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** `'/rooms/{id}'` with `{id: 'a b'}` → `'/rooms/a%20b'`; a placeholder without a value throws. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
