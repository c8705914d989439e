import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeHeif } from './heif-worker.js';
import { sampleHeic } from './test-images.js';

describe('HEIC decoding in a worker thread', () => {
  it('decodes the pixels in a worker thread: libheif is never loaded on the main thread', async () => {
    const require = createRequire(import.meta.url);
    const libheif = require.resolve('libheif-js/wasm-bundle', { paths: [require.resolve('heic-decode')] });
    const result = await decodeHeif(sampleHeic(), 50_000_000);
    expect(result).toMatchObject({ ok: true, width: 640, height: 360 });
    if (result.ok) expect(result.data.length).toBe(640 * 360 * 4);
    expect(Object.keys(require.cache).filter((k) => k === libheif || k.includes('heic-decode'))).toEqual([]);
    // Loaded here, it would be in the cache: the check above can see it.
    require('heic-decode');
    expect(Object.keys(require.cache)).toContain(libheif);
  });

  it('refuses a picture over the pixel limit before decoding it', async () => {
    expect(await decodeHeif(sampleHeic(), 640 * 360 - 1)).toEqual({ ok: false, reason: 'too-many-pixels' });
  });

  it('reports unreadable input, and keeps working after it', async () => {
    const bad = Buffer.concat([sampleHeic().subarray(0, 200), Buffer.alloc(100, 9)]);
    const results = await Promise.all([decodeHeif(bad, 50_000_000), decodeHeif(sampleHeic(), 50_000_000)]);
    expect(results[0]).toEqual({ ok: false, reason: 'unreadable' });
    expect(results[1].ok).toBe(true);
  });
});
