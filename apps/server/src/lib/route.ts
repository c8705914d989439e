import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  colonPath,
  errorEnvelopeSchema,
  successEnvelope,
  type EndpointBody,
  type EndpointDeclaration,
  type EndpointEnvelope,
  type EndpointParams,
  type EndpointQuery,
} from '@outing/contract';
import { forbidden, guestNotAllowed } from './errors.js';

/**
 * Routes registered from their declarations in `packages/contract/src/endpoints` (decision 020): the declaration
 * gives the method, the path, the schemas of the request's parts and of the answer (the success envelope around its
 * `data`, the error envelope for each error status it declares), the OpenAPI summary, tag and security, and who may
 * call it: every access level but `public` authenticates first (`app.authenticate`, 401), and `self` refuses another
 * user's `{id}` (403) before the handler runs. A guest token (docs/decisions/026-guests.md) is confined here, the one
 * place it is: refused on an endpoint not declared `guests: 'room'`, and on one that names a room not its own
 * (`guestScope`). The rest of an access level (a room's members, its host, a bill's editors, a transaction's sides)
 * needs the database and is the service's check; the authorisation matrix (security/authz-matrix.test.ts) holds each
 * route to its declared level.
 */

/** The request a handler gets: its parts as the declaration's schemas give them, and the signed-in `user`. */
export type EndpointRequest<E extends EndpointDeclaration> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/** A JSON endpoint's handler answers its success envelope; a file endpoint's sends its file on `reply`. */
export type EndpointHandler<E extends EndpointDeclaration> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E extends { file: string } ? FastifyReply : EndpointEnvelope<E>>;

export type RouteExtras = {
  /** The 403 message of a `self` endpoint called with another user's id (its reason: NOT_SELF). */
  notSelf?: string;
  /** Runs after authentication and validation, before the handler: a route's own rate limit (`app.limiter`). */
  preHandler?: RouteOptions['preHandler'];
  /**
   * Runs before the body is read, after authentication (a signed-in route) or alone (a public one): limits that must
   * refuse before a byte of the body is accepted (a proof's attempts, the picture upload's queue).
   */
  onRequest?: RouteOptions['onRequest'];
  /** Called when the client goes away before the answer (the picture upload frees its queue place). */
  onRequestAbort?: RouteOptions['onRequestAbort'];
  /** The largest body this route reads, in bytes, when it differs from the app's. */
  bodyLimit?: number;
};

// Any Fastify instance, whatever its type provider (the features' plugins are typed for zod).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFastify = FastifyInstance<any, any, any, any, any>;

const schemas = new WeakMap<EndpointDeclaration, FastifySchema>();

/**
 * Fastify's schema of a declared route, built once per declaration: the same zod objects on every app, so that the
 * answers' compiled writers are shared too (lib/serializer.ts keeps one per schema).
 */
export function routeSchema(endpoint: EndpointDeclaration): FastifySchema {
  let schema = schemas.get(endpoint);
  if (schema) return schema;
  const response: Record<number, z.ZodType> = {};
  if (endpoint.data) {
    const envelope = successEnvelope(endpoint.data);
    response[200] = endpoint.extra ? envelope.extend(endpoint.extra) : envelope;
  }
  for (const status of endpoint.errors)
    response[status] = endpoint.errorBodies?.[status] ?? errorEnvelopeSchema;
  schema = {
    tags: typeof endpoint.tag === 'string' ? [endpoint.tag] : [...endpoint.tag],
    ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.file ? { produces: [endpoint.file] } : {}),
    response,
  };
  schemas.set(endpoint, schema);
  return schema;
}

// The routes each app registered through `route`, by `METHOD /v1/path` (the route test reads them).
const registered = new WeakMap<object, Map<string, EndpointDeclaration>>();

/** `METHOD url` → declaration of every route `app` (any of its plugins) registered through `route`. */
export function declaredRoutes(app: FastifyInstance): ReadonlyMap<string, EndpointDeclaration> {
  return registered.get(app.deps) ?? new Map();
}

/** Whether `value` names a room other than `roomId` (room ids compare in lower case, as the schemas give them). */
const otherRoom = (value: unknown, roomId: string) =>
  value !== undefined && String(value).toLowerCase() !== roomId;

/**
 * A guest's scope (docs/decisions/026-guests.md), checked for every signed-in route: a guest token is refused with 403
 * GUEST_NOT_ALLOWED on an endpoint not declared `guests: 'room'` (before its body is read), and on one that names
 * another room: the path's `{id}` of a `/rooms/{id}…` path or its `{roomId}`, a `roomId` in the query
 * (`onRequest`), or in the JSON body (`preValidation`, before a malformed body could be answered 400). A record named
 * by its own id (a bill, a transaction) is confined by its access check: a guest is a member of its one room only.
 */
function guestScope(endpoint: EndpointDeclaration) {
  const roomInPath = endpoint.path.startsWith('/rooms/{id}') ? 'id' : 'roomId';
  return {
    onRequest: async (req: FastifyRequest) => {
      const roomId = req.user?.guestRoomId;
      if (!roomId) return;
      if (endpoint.guests !== 'room') throw guestNotAllowed();
      const params = req.params as Record<string, unknown> | undefined;
      const query = req.query as Record<string, unknown> | undefined;
      if (otherRoom(params?.[roomInPath], roomId) || otherRoom(query?.roomId, roomId))
        throw guestNotAllowed();
    },
    preValidation: async (req: FastifyRequest) => {
      const roomId = req.user?.guestRoomId;
      const body = req.body as Record<string, unknown> | null | undefined;
      if (roomId && body && typeof body === 'object' && otherRoom(body.roomId, roomId))
        throw guestNotAllowed();
    },
  };
}

/**
 * Authentication first, then a guest's scope (neither on a public endpoint), then the route's own `onRequest` hooks;
 * and the guest's scope over the body before validation.
 */
function hooksOf(app: AnyFastify, endpoint: EndpointDeclaration, extras: RouteExtras) {
  const own = extras.onRequest === undefined ? [] : [extras.onRequest].flat();
  if (endpoint.access === 'public') return own.length ? { onRequest: own as RouteOptions['onRequest'] } : {};
  const guests = guestScope(endpoint);
  return {
    onRequest: [app.authenticate, guests.onRequest, ...own] as RouteOptions['onRequest'],
    preValidation: guests.preValidation,
  };
}

/** Registers `endpoint` on `app` (under the plugin's prefix) with `handler`. */
export function route<E extends EndpointDeclaration>(
  app: AnyFastify,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const url = colonPath(endpoint.path);
  const self = endpoint.access === 'self';
  const notSelf = extras.notSelf ?? 'You can only do that for your own account.';
  const options: RouteOptions = {
    method: endpoint.method,
    url,
    ...hooksOf(app, endpoint, extras),
    ...(extras.onRequestAbort ? { onRequestAbort: extras.onRequestAbort } : {}),
    ...(extras.bodyLimit !== undefined ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    schema: routeSchema(endpoint),
    handler: self
      ? async (req: FastifyRequest, reply: FastifyReply) => {
          if ((req.params as { id: number }).id !== req.user.id) throw forbidden(notSelf, 'NOT_SELF');
          return handler(req as EndpointRequest<E>, reply);
        }
      : (handler as unknown as RouteOptions['handler']),
  };
  app.route(options);
  const deps = app.deps as object;
  let routes = registered.get(deps);
  if (!routes) registered.set(deps, (routes = new Map()));
  routes.set(`${endpoint.method} ${app.prefix}${url}`, endpoint);
}
