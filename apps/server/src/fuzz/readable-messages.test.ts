import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '@outing/contract';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, type TestUser } from '../test/users.js';
import { VALIDATOR_JARGON } from './harness.js';
import { collectRoutes, type FuzzRoute } from './routes.js';

// Every route of the app, with its zod schemas (see routes.ts).
vi.mock('fastify-type-provider-zod', async (original) =>
  (await import('./routes.js')).withRouteCapture(await original()),
);

// Probe of 2026-11-25 (issue 17, part 3): a missing `resetToken` answered "resetToken: Invalid input: expected
// string, received undefined". Every route gets each of its fields missing and of the wrong type; every 400 must
// word its message, and each issue's, as a sentence.

let t: TestApp;
let me: TestUser;
let routes: FuzzRoute[];
beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t);
  routes = collectRoutes(t.app);
});
afterAll(() => t.close());

type Shape = Record<string, z.ZodType>;
/** The fields of an object schema, looking through pipes (`z.object(...).transform(...)`). */
function fieldsOf(schema: z.ZodType | undefined): Shape {
  let s = schema as unknown as { shape?: Shape; _zod?: { def: { type: string; in?: unknown } } } | undefined;
  while (s && !s.shape && s._zod?.def.type === 'pipe') s = s._zod.def.in as typeof s;
  return s?.shape ?? {};
}

/** The route's URL with path parameters that pass its schema (the caller's id, or a room id). */
function urlOf(route: FuzzRoute): string {
  const fields = fieldsOf(route.params);
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const schema = fields[name];
    const fits = [String(me.id), randomUUID(), 'verify-email'].find(
      (v) => !schema || schema.safeParse(v).success,
    );
    return encodeURIComponent(fits ?? '1');
  });
}

const wrongValues: unknown[] = [{ nested: true }, 12345, 'text', true, [], null, -1.5, 'x'.repeat(5000)];

function bodiesOf(route: FuzzRoute): unknown[] {
  if (!route.body) return [];
  const fields = Object.keys(fieldsOf(route.body));
  return [{}, [], 'text', ...fields.flatMap((field) => wrongValues.map((v) => ({ [field]: v })))];
}

function queriesOf(route: FuzzRoute): string[] {
  const fields = Object.keys(fieldsOf(route.query));
  return fields.flatMap((field) =>
    ['abc', '-1', '1.5', '', 'x'.repeat(5000), '99999999999999999999'].map(
      (v) => `${field}=${encodeURIComponent(v)}`,
    ),
  );
}

describe('every validation failure is worded for a person', () => {
  it('sends missing and wrong-typed fields to every route; no 400 answers in validator jargon', async () => {
    let refused = 0;
    const jargon: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const url = urlOf(route);
      const requests = [
        ...bodiesOf(route).map((payload) => ({ url, payload: JSON.stringify(payload) })),
        ...queriesOf(route).map((q) => ({ url: `${url}?${q}`, payload: undefined })),
      ];
      for (const req of requests) {
        const res = await t.app.inject({
          method: route.method,
          url: req.url,
          headers: { ...bearer(me), ...(req.payload ? { 'content-type': 'application/json' } : {}) },
          payload: req.payload,
        });
        if (res.statusCode !== 400) continue;
        refused += 1;
        const body = errorEnvelopeSchema.parse(res.json());
        if (process.env.SHOW_MESSAGES) seen.add(body.message.replace(/^[\w.]+: /, ''));
        for (const text of [body.message, ...(body.issues ?? []).map((i) => i.message)]) {
          if (VALIDATOR_JARGON.test(text) || !/^[A-Za-z"]/.test(text))
            jargon.push(`${route.key} ${`${req.url} ${req.payload ?? ''}`.slice(0, 120)} → ${text}`);
        }
      }
    }
    if (process.env.SHOW_MESSAGES) console.warn([...seen].sort().join('\n'));
    expect(jargon).toEqual([]);
    // The sweep itself: most of what it sends must be refused, or it tested nothing.
    expect(refused).toBeGreaterThan(300);
  });

  it('a missing resetToken, as the probe sent it', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/reset',
      payload: { email: 'someone@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'VALIDATION',
      message: 'resetToken: This field is required.',
      data: null,
      issues: [{ path: 'resetToken', message: 'This field is required.' }],
    });
  });
});
