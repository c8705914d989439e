import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@outing/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDb, createPool } from './db/pool.js';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, createUser } from './test/users.js';

// The error envelope (docs/api/README.md#envelope): every failure, whatever raised it, answers the same shape.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // Test-only routes exercising the real error handler.
    app.post(
      '/v1/test/echo',
      { schema: { body: z.object({ name: z.string().min(1, 'Name is required'), age: z.number().int() }) } },
      async (req) => ({ status: 'success', message: 'OK', data: req.body }),
    );
    app.get('/v1/test/boom', async () => {
      throw new Error('secret internal detail: password=hunter2 at db.ts:42');
    });
    app.get('/v1/test/leak', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
      ok: true,
      passwordHash: 'argon2id$should-not-leave',
    }));
  });
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('an unknown /v1 route is a 404 envelope, never the web page', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/v1/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(errorEnvelopeSchema.parse(res.json())).toMatchObject({
        status: 'error',
        code: 'NOT_FOUND',
        data: null,
      });
    }
  });

  it('a validation failure is a 400 with issues a person can act on', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: '', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toBe('name: Name is required');
    expect(body.issues).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'age', message: expect.stringMatching(/number/i) },
    ]);
  });

  it('malformed JSON and a wrong content type are 400 envelopes', async () => {
    const echo = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/test/echo',
        headers: { 'content-type': contentType },
        payload,
      });
    const bad = await echo('application/json', '{"name": ');
    expect(bad.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.json()).message).toBe('The request body is not valid JSON.');

    const wrongType = await echo('application/xml', '<a/>');
    expect(wrongType.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(wrongType.json()).code).toBe('VALIDATION');
  });

  it('a thrown bug is a 500 with a generic message, logged with the request id, nothing internal leaked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body).toEqual({
      status: 'error',
      code: 'INTERNAL',
      reason: 'INTERNAL_ERROR',
      data: null,
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(res.body).not.toMatch(/secret|hunter2|db\.ts|stack/i);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = t.logs.find((l) => l.includes('secret internal detail'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 50, reqId: requestId });
  });

  it('response schemas strip what they do not declare', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/leak' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('a database that cannot be reached gives 503, not a crash', async () => {
    const deadPool = createPool('postgres://postgres@127.0.0.1:1/none', 1);
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent', DATABASE_URL: 'postgres://127.0.0.1:1/none' }),
      db: createDb(deadPool),
      pool: deadPool,
      jwtSecret: 'x'.repeat(40),
      logger: false,
    });
    // A route whose query fails for want of a database: the error handler maps it, nothing catches it on the way.
    app.get('/v1/test/query', async () => deadPool.query('SELECT 1'));
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(res.json()).code).toBe('UNAVAILABLE');
      const query = await app.inject({ method: 'GET', url: '/v1/test/query' });
      expect(query.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(query.json())).toMatchObject({ code: 'UNAVAILABLE', data: null });
    } finally {
      await app.close();
      await deadPool.end();
    }
  });
});

// Regression (contract fuzzer, issue #10): Fastify answered these itself with its own body, not the envelope.
describe('malformed URLs (fuzzer regression)', () => {
  it.each([
    ['a bad percent-escape', '/v1/rooms/%zz/attendees'],
    ['a truncated UTF-8 escape', '/v1/users/%E0%A4%A/friends'],
  ])('%s is a 404 envelope', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a path parameter of any length reaches its route: 401 without a token, then 404 (issue #17)', async () => {
    const url = `/v1/rooms/${'1'.repeat(200)}`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(anonymous.json()).code).toBe('UNAUTHENTICATED');
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(await createUser(t)) });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
