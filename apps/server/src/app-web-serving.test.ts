import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@outing/contract';
import { createTestApp, type TestApp } from './test/app.js';

const BOOT = 'window.booted = true;';

describe('web app serving', () => {
  let dir: string;
  let web: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outing-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><title>Outing</title><script>${BOOT}</script><div id="root"></div>`,
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

  it("allows the built page's inline boot script through its hash in the CSP, and no other", async () => {
    const res = await web.app.inject({ method: 'GET', url: '/room/abc' });
    const hash = createHash('sha256').update(BOOT).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
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
