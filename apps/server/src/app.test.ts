import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelopeSchema, healthResponse, publicConfigResponse } from '@outing/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDb, createPool } from './db/pool.js';
import { createTestApp, type TestApp } from './test/app.js';

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

describe('system routes', () => {
  it('GET /v1/health answers 200 with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponse.parse(res.json());
    expect(body.data).toMatchObject({ ok: true, database: 'up' });
  });

  it('accepts a trailing slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health/' });
    expect(res.statusCode).toBe(200);
  });

  it('GET /v1/config tells the public configuration and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.statusCode).toBe(200);
    const body = publicConfigResponse.parse(res.json());
    expect(body.data).toEqual({
      vapidPublicKey: null,
      googleClientId: null,
      googleAuthUrl: null,
      venueProvider: 'local',
      version: expect.any(String),
    });
  });

  it('serves the OpenAPI document generated from the schemas at /v1/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/health', '/v1/config']));
    const ui = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('error envelope', () => {
  it('an unknown /v1 route is a 404 envelope, never the web page', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
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
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.json()).message).toBe('The request body is not valid JSON.');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
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

describe('headers', () => {
  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain-HTTP public URL
  });

  it('allows the configured origin and the gateway headers in CORS, and no other origin', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/health',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,cf-access-client-id',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/CF-Access-Client-Secret/);
    expect(String(pre.headers['access-control-allow-methods'])).toMatch(/PATCH/);

    const other = await t.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logging', () => {
  it('never logs a bearer token or a token in the query string', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2VjcmV0LXNpZ25hdHVyZQ';
    await t.app.inject({ method: 'GET', url: '/v1/health', headers: { authorization: `Bearer ${secret}` } });
    await t.app.inject({ method: 'GET', url: `/v1/ws?token=${secret}` });
    await t.app.inject({ method: 'GET', url: `/v1/nope?token=${secret}&page=2` });
    const all = t.logs.join('\n');
    expect(all).toContain('/v1/nope?token=%5BREDACTED%5D&page=2');
    expect(all).not.toContain(secret);
    expect(all).not.toContain('c2VjcmV0LXNpZ25hdHVyZQ');
  });
});

describe('web app serving', () => {
  let dir: string;
  let web: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outing-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Outing</title><div id="root"></div>',
    );
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const big = 'console.log("compressible");\n'.repeat(100);
    await writeFile(path.join(dir, 'assets', 'big-abc123.js'), big);
    await writeFile(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
    await writeFile(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(big));
    web = await createTestApp({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await web.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('returns the web app at / and for a deep link, uncached', async () => {
    const root = await web.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const res = await web.app.inject({ method: 'GET', url: '/some/deep/link?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable and a missing asset as 404', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await web.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it("sends the build's precompressed copy of an asset to a browser that accepts it", async () => {
    const url = '/assets/big-abc123.js';
    const br = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('compressible');
    const gz = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await web.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('compressible');
    // No copy on disk: the file as it is.
    const small = await web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('keeps API 404s as envelopes next to the web app', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/v1/rooms/nope/none' });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });
});

// Regression (contract fuzzer, issue #10): Fastify answered these itself with its own body, not the envelope.
describe('malformed URLs (fuzzer regression)', () => {
  it.each([
    ['a bad percent-escape', '/v1/rooms/%zz/attendees'],
    ['a truncated UTF-8 escape', '/v1/users/%E0%A4%A/friends'],
    ['a path parameter over the length limit', `/v1/rooms/${'1'.repeat(200)}`],
  ])('%s is a 404 envelope', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(res.json()).code).toBe('NOT_FOUND');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
