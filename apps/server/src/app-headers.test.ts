import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse, publicConfigResponse } from '@outing/contract';
import { createTestApp, type TestApp } from './test/app.js';

// The system routes, and what every answer carries: security headers, CORS, and logs without secrets.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
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
    // PUT /users/{id}/payment-methods (docs/api/README.md#payments) is the one PUT.
    expect(String(pre.headers['access-control-allow-methods'])).toMatch(/PUT/);

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
