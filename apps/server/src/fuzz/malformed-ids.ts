import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@outing/contract';
import type { TestApp } from '../test/app.js';
import type { FuzzRoute } from './routes.js';

/**
 * Path ids no route accepts: over the router's old 100-character limit, far over it, not a number, not positive,
 * not an integer, over the largest id, and a UUID that is not version 4 (room ids are v4).
 */
export const malformedIds = [
  'a'.repeat(5000),
  '1'.repeat(101),
  'not-an-id',
  '0',
  '-1',
  '1.5',
  '9'.repeat(30),
  '00000000-0000-1000-8000-000000000000',
];

/** Well-formed stand-ins for the other params of a route (which need not name anything that exists). */
const wellFormed = ['1', randomUUID(), 'https://push.example.com/x'];

const shapeOf = (route: FuzzRoute) =>
  route.params instanceof z.ZodObject ? (route.params.shape as Record<string, z.ZodType>) : {};

/**
 * docs/api/README.md#status-rules: a malformed id names nothing, so it is 404, and only after authentication (401 without a
 * token), on every route and in every path position (issue #17). Returns what went wrong.
 */
export async function checkMalformedIds(t: TestApp, route: FuzzRoute, token: string): Promise<string[]> {
  const shape = shapeOf(route);
  const names = Object.keys(shape);
  const base = Object.fromEntries(
    names.map((n) => [n, wellFormed.find((v) => shape[n]!.safeParse(v).success) ?? '1']),
  );
  const problems: string[] = [];
  // A public route (a picture, a room's preview) needs no token: there a malformed id is 404 for everyone.
  const wellFormedUrl = route.url.replace(/:(\w+)/g, (_m, n: string) => encodeURIComponent(base[n]!));
  const isPublic = (await t.app.inject({ method: route.method, url: wellFormedUrl })).statusCode !== 401;
  for (const name of names)
    for (const bad of malformedIds) {
      if (shape[name]!.safeParse(bad).success) continue; // e.g. any text is a well-formed push endpoint
      const values: Record<string, string> = { ...base, [name]: bad };
      const url = route.url.replace(/:(\w+)/g, (_m, n: string) => encodeURIComponent(values[n]!));
      for (const [auth, want] of [
        [undefined, isPublic ? { status: 404, code: 'NOT_FOUND' } : { status: 401, code: 'UNAUTHENTICATED' }],
        [`Bearer ${token}`, { status: 404, code: 'NOT_FOUND' }],
      ] as const) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: auth ? { authorization: auth } : {},
        });
        const body = errorEnvelopeSchema.safeParse(JSON.parse(res.body));
        const got = { status: res.statusCode, code: body.success ? body.data.code : res.body.slice(0, 120) };
        if (got.status !== want.status || got.code !== want.code)
          problems.push(
            `${route.key} ${name}=${bad.slice(0, 12)}${bad.length > 12 ? `…(${bad.length})` : ''} ` +
              `${auth ? 'signed in' : 'anonymous'}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
          );
      }
    }
  return problems;
}
