import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pictureHelpers } from '../../test/pictures.js';
import { createUser, type TestUser } from '../../test/users.js';
import { pixels, sampleHeic } from './test-images.js';
import {
  heicClaiming,
  interlacedPngClaiming,
  jpegClaiming,
  pngClaiming,
  webpClaiming,
} from './bomb-images.js';
import { TOO_ELONGATED, TOO_HEAVY, TOO_WIDE } from './limits.js';
import { UPLOADS_PER_HOUR } from './service.js';

/** The uploads Outing refuses: not a picture, a bomb, too large, no token, over the hourly quota. */

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
});
afterAll(() => t.close());
// Every upload counts toward the hourly quota, stored or refused: each test starts with Alice's hour empty (the
// quota has its own tests).
beforeEach(() => t.database.pool.query('DELETE FROM picture_uploads WHERE user_id = $1', [alice.id]));

const { upload, error } = pictureHelpers(
  () => t,
  () => alice,
);

describe('POST /v1/pictures', () => {
  it('answers 415 with a sentence for a type that is not a picture', async () => {
    for (const type of [
      'text/plain',
      'application/json',
      'image/gif',
      'application/octet-stream',
      undefined,
    ]) {
      const res = await upload(type === 'application/json' ? '{"a":1}' : 'hello', type);
      expect(res.statusCode, String(type)).toBe(415);
      expect(error(res).message).toBe(
        'Send the picture as JPEG, PNG, WebP or HEIC (Content-Type image/jpeg, image/png, image/webp, image/heic or image/heif).',
      );
    }
  });

  it('answers 400 for bytes that are not a picture it can read, and stores nothing', async () => {
    const jpeg = await pixels(300, 200).jpeg().toBuffer();
    const bad = [
      Buffer.from('this is not a picture at all'),
      Buffer.alloc(0),
      Buffer.from(randomUUID().repeat(40)),
      jpeg.subarray(0, 200), // a truncated JPEG: right magic number, no picture
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]),
      Buffer.concat([sampleHeic().subarray(0, 40), Buffer.alloc(300, 1)]), // a HEIC header, no image
    ];
    const before = await t.database.pool.query('SELECT count(*)::int AS n FROM pictures');
    for (const [i, body] of bad.entries()) {
      const res = await upload(body, 'image/jpeg');
      expect(res.statusCode, `body ${i}: ${res.body}`).toBe(400);
      expect(error(res).message).toBe(
        'This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).',
      );
    }
    const after = await t.database.pool.query('SELECT count(*)::int AS n FROM pictures');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a decompression bomb (too many pixels) before decoding it', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = performance.now();
    const res = await upload(bomb, 'image/png');
    expect(res.statusCode, res.body).toBe(400);
    expect(error(res).message).toBe('This picture has too many pixels (at most 50 megapixels).');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a picture whose header claims a shape or a decoder memory Outing does not take (issue 32)', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['a PNG 49,000,000 × 1', await pngClaiming(49_000_000, 1), 'image/png', TOO_WIDE],
      ['a PNG 16,384 × 2,000', await pngClaiming(16_384, 2_000), 'image/png', TOO_WIDE],
      ['a PNG 16,000 × 1,000', await pngClaiming(16_000, 1_000), 'image/png', TOO_ELONGATED],
      ['a JPEG 65,500 × 700', await jpegClaiming(65_500, 700), 'image/jpeg', TOO_WIDE],
      ['a JPEG 12,000 × 1,000', await jpegClaiming(12_000, 1_000), 'image/jpeg', TOO_ELONGATED],
      ['a WebP 16,383 × 1', await webpClaiming(16_383, 1), 'image/webp', TOO_ELONGATED],
      ['a HEIC 49,000,000 × 1', heicClaiming(49_000_000, 1), 'image/heic', TOO_WIDE],
      ['a HEIC 12,000 × 1,000', heicClaiming(12_000, 1_000), 'image/heic', TOO_ELONGATED],
      ['a HEIC of 48 MP', heicClaiming(8_064, 6_048), 'image/heic', TOO_HEAVY],
      [
        'an interlaced 16-bit PNG of 48 MP',
        await interlacedPngClaiming(8_000, 6_000),
        'image/png',
        TOO_HEAVY,
      ],
    ];
    for (const [what, bytes, type, message] of cases) {
      const started = performance.now();
      const res = await upload(bytes, type);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(error(res).message, what).toBe(message);
      // Refused from the header: nothing of the claimed pixels was decoded.
      expect(performance.now() - started, what).toBeLessThan(3000);
    }
  });

  it('answers 413 for a picture over 10 MB, in the envelope', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0xff);
    const res = await upload(big, 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(error(res)).toMatchObject({ code: 'VALIDATION', message: 'The picture is larger than 10 MB.' });
    // Exactly the limit is not refused for its size (these bytes are no picture: 400).
    const atLimit = await upload(Buffer.alloc(MAX_PICTURE_BYTES, 0xff), 'image/jpeg');
    expect(atLimit.statusCode).toBe(400);
  });

  it('needs a token', async () => {
    const res = await upload(await pixels(50, 50).png().toBuffer(), 'image/png', null);
    expect(res.statusCode).toBe(401);
  });

  it(`allows ${UPLOADS_PER_HOUR} uploads an hour per user, then 429 with Retry-After`, async () => {
    const bob = await createUser(t);
    await t.database.pool.query(
      `INSERT INTO picture_uploads (user_id, created_at)
       SELECT $1, now() - interval '50 minutes' + i * interval '1 second' FROM generate_series(1, $2::int) i`,
      [bob.id, UPLOADS_PER_HOUR - 1],
    );
    const png = await pixels(40, 40).png().toBuffer();
    expect((await upload(png, 'image/png', bob)).statusCode).toBe(200);
    const res = await upload(png, 'image/png', bob);
    expect(res.statusCode).toBe(429);
    expect(error(res).code).toBe('RATE_LIMITED');
    // The oldest of the hour's uploads (made 50 minutes less a second ago) leaves the window in 10 minutes.
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(9 * 60);
    expect(retry).toBeLessThanOrEqual(10 * 60 + 1);
    // Others are not affected.
    expect((await upload(png, 'image/png')).statusCode).toBe(200);
  });
});
