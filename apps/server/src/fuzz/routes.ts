import type { FastifyInstance } from 'fastify';
import type * as TypeProvider from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** One route as the app declares it: its zod schemas for each request part. */
export type FuzzRoute = {
  method: Method;
  /** The declared URL with `:param` placeholders, e.g. `/v1/rooms/:id`. */
  url: string;
  key: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
};

type RouteOptions = {
  method: string | string[];
  url: string;
  schema?: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  websocket?: boolean;
};

const seen = new Map<string, FuzzRoute>();

function record(route: RouteOptions) {
  if (route.websocket || !route.url.startsWith('/v1/') || route.url.startsWith('/v1/docs')) return;
  for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
    if (m === 'HEAD' || m === 'OPTIONS') continue;
    const key = `${m} ${route.url}`;
    seen.set(key, {
      method: m as Method,
      url: route.url,
      key,
      params: route.schema?.params,
      query: route.schema?.querystring,
      body: route.schema?.body,
    });
  }
}

/**
 * Fastify exposes no list of routes with their schemas, and the app's features are registered before any test code
 * can add an `onRoute` hook. @fastify/swagger, though, collects every route (hidden ones too) and passes each one
 * to the type provider's `jsonSchemaTransform` when the document is built. A test file mocks the type provider with
 * this wrapper, so every route the app ever declares is fuzzed without a hand-kept list:
 *
 *   vi.mock('fastify-type-provider-zod', async (orig) =>
 *     (await import('../fuzz/routes.js')).withRouteCapture(await orig()));
 */
export function withRouteCapture(original: typeof TypeProvider): typeof TypeProvider {
  const jsonSchemaTransform: typeof original.jsonSchemaTransform = (input) => {
    record(input.route as unknown as RouteOptions);
    return original.jsonSchemaTransform(input);
  };
  return { ...original, jsonSchemaTransform };
}

/** Every `/v1` route of the app (sorted, so shards are stable); builds the OpenAPI document to collect them. */
export function collectRoutes(app: FastifyInstance): FuzzRoute[] {
  app.swagger();
  const routes = [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
  if (routes.length === 0) throw new Error('No routes captured: is fastify-type-provider-zod mocked?');
  return routes;
}
