import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { badRequest } from '../../lib/errors.js';
import { decodeHeif } from './heif-worker.js';
import { sampleHeic } from './test-images.js';

const keepAll = { admit: (h: { width: number; height: number }) => h, timeLimitMs: 20_000 };

describe('HEIC decoding in a worker thread', () => {
  it('decodes the pixels in a worker thread: libheif is never loaded on the main thread', async () => {
    const require = createRequire(import.meta.url);
    const libheif = require.resolve('libheif-js/wasm-bundle');
    const result = await decodeHeif(sampleHeic(), keepAll);
    expect(result).toMatchObject({ ok: true, width: 640, height: 360 });
    if (result.ok) expect(result.data.length).toBe(640 * 360 * 3);
    expect(Object.keys(require.cache).filter((k) => k === libheif)).toEqual([]);
    // Loaded here, it would be in the cache: the check above can see it.
    require('libheif-js/wasm-bundle');
    expect(Object.keys(require.cache)).toContain(libheif);
  });

  it('shows the header before decoding, and reduces the picture to the size asked, in the worker', async () => {
    const seen: unknown[] = [];
    const result = await decodeHeif(sampleHeic(), {
      admit: (header) => {
        seen.push(header);
        return { width: 160, height: 90 };
      },
      timeLimitMs: 20_000,
    });
    expect(seen).toEqual([{ width: 640, height: 360, wholeDecodeBytes: 0, heif: true }]);
    expect(result).toMatchObject({ ok: true, width: 160, height: 90 });
    if (result.ok) expect(result.data.length).toBe(160 * 90 * 3);
  });

  it('decodes nothing of a picture its header check refuses', async () => {
    const refusal = badRequest('too big', 'PICTURE_TOO_MANY_PIXELS');
    await expect(
      decodeHeif(sampleHeic(), {
        admit: () => {
          throw refusal;
        },
        timeLimitMs: 20_000,
      }),
    ).rejects.toBe(refusal);
  });

  it('stops a decode that takes longer than its time limit', async () => {
    const started = Date.now();
    // Admitted after 200 ms: the limit counts from the start, and the picture has not been decoded by then.
    const result = await decodeHeif(sampleHeic(), {
      admit: (h) => {
        const until = Date.now() + 200;
        while (Date.now() < until);
        return h;
      },
      timeLimitMs: 100,
    });
    expect(result).toEqual({ ok: false, reason: 'too-slow' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports unreadable input, and keeps working after it', async () => {
    const bad = Buffer.concat([sampleHeic().subarray(0, 200), Buffer.alloc(100, 9)]);
    const results = await Promise.all([decodeHeif(bad, keepAll), decodeHeif(sampleHeic(), keepAll)]);
    expect(results[0]).toEqual({ ok: false, reason: 'unreadable' });
    expect(results[1].ok).toBe(true);
  });
});
