import { randomUUID } from 'node:crypto';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, MAX_PICTURE_BYTES, pictureResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/users.js';
import { gpsExif, jpegWithGps, pixels, sampleHeic } from './test-images.js';
import {
  heicClaiming,
  interlacedPngClaiming,
  jpegClaiming,
  pngClaiming,
  webpClaiming,
} from './bomb-images.js';
import { TOO_ELONGATED, TOO_HEAVY, TOO_WIDE } from './limits.js';
import { UPLOADS_PER_HOUR } from './service.js';

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

const upload = (body: Buffer | string, type: string | undefined, user: TestUser | null = alice) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/pictures',
    headers: {
      ...(type ? { 'content-type': type } : {}),
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: body,
  });

const fetchPicture = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function uploaded(body: Buffer, type: string) {
  const res = await upload(body, type);
  expect(res.statusCode, res.body).toBe(200);
  return pictureResponse.parse(res.json()).data;
}

const error = (res: { body: string }) => errorEnvelopeSchema.parse(JSON.parse(res.body));

async function renditionWidths(id: string) {
  const { rows } = await t.database.pool.query<{ width: number }>(
    'SELECT width FROM picture_renditions WHERE picture_id = $1 ORDER BY width',
    [id],
  );
  return rows.map((r) => r.width);
}

describe('POST /v1/pictures', () => {
  it('stores a JPEG as WebP renditions 160, 480 and 960 px wide, keeping its aspect ratio', async () => {
    const picture = await uploaded(await jpegWithGps(1200, 800), 'image/jpeg');
    expect(picture).toMatchObject({ url: `/v1/pictures/${picture.id}.webp`, width: 960, height: 640 });
    expect(await renditionWidths(picture.id)).toEqual([160, 480, 960]);
    const { rows } = await t.database.pool.query(
      'SELECT uploader_id, width, height FROM pictures WHERE id = $1',
      [picture.id],
    );
    expect(rows).toEqual([{ uploader_id: alice.id, width: 960, height: 640 }]);
    for (const [query, width, height] of [
      ['', 960, 640],
      ['?w=960', 960, 640],
      ['?w=480', 480, 320],
      ['?w=160', 160, 107],
    ] as const) {
      const res = await fetchPicture(`${picture.url}${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });

  it('strips every piece of metadata: the GPS position, the camera, XMP and the colour profile', async () => {
    const original = await jpegWithGps();
    // The test's input really carries them, so their absence below means something.
    const inMeta = await sharp(original).metadata();
    const inExif = exifReader(inMeta.exif!);
    expect(inExif.GPSInfo?.GPSLatitudeRef).toBe('N');
    expect(inExif.Image?.Make).toBe(gpsExif.IFD0.Make);

    const picture = await uploaded(original, 'image/jpeg');
    const { rows } = await t.database.pool.query<{ webp: Buffer }>(
      'SELECT webp FROM picture_renditions WHERE picture_id = $1',
      [picture.id],
    );
    expect(rows).toHaveLength(3);
    for (const { webp } of rows) {
      const meta = await sharp(webp).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(webp.includes('OutingPhone')).toBe(false);
      expect(webp.includes('secret-owner')).toBe(false);
      // A WebP carries metadata in EXIF, XMP and ICCP chunks: none is there.
      expect(['EXIF', 'XMP ', 'ICCP'].filter((chunk) => webp.includes(chunk))).toEqual([]);
    }
  });

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    // 400×200 stored sideways, "rotate 90° clockwise to view" (orientation 6): upright it is 200×400.
    const sideways = await pixels(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const picture = await uploaded(sideways, 'image/jpeg');
    expect([picture.width, picture.height]).toEqual([200, 400]);
    const served = await sharp((await fetchPicture(picture.url)).rawPayload).metadata();
    expect([served.width, served.height, served.orientation]).toEqual([200, 400, undefined]);
  });

  it('turns every EXIF orientation upright as libvips would, decoding the large picture only unrotated', async () => {
    // Each corner a different colour, so that every rotation and mirror shows; 300×180, so that it is reduced too.
    const corners = await sharp({ create: { width: 300, height: 180, channels: 3, background: '#808080' } })
      .composite(
        (['#ff0000', '#00ff00', '#0000ff', '#ffff00'] as const).map((background, i) => ({
          input: { create: { width: 60, height: 40, channels: 3, background } },
          left: i % 2 ? 240 : 0,
          top: i < 2 ? 0 : 140,
        })),
      )
      .png()
      .toBuffer();
    for (let orientation = 1; orientation <= 8; orientation++) {
      const input = await sharp(corners).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
      // What libvips' own autoOrient makes of it, at the size Outing keeps.
      const expected = await sharp(input)
        .autoOrient()
        .resize({ width: 160 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const picture = await uploaded(input, 'image/jpeg');
      const served = await sharp((await fetchPicture(`${picture.url}?w=160`)).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([served.info.width, served.info.height], `orientation ${orientation}`).toEqual([
        expected.info.width,
        expected.info.height,
      ]);
      // Each corner's colour, within what two lossy encodings change.
      const at = (img: typeof served, x: number, y: number) =>
        [0, 1, 2].map((c) => img.data[(y * img.info.width + x) * img.info.channels + c]!);
      const { width: w, height: h } = served.info;
      for (const [x, y] of [
        [4, 4],
        [w - 5, 4],
        [4, h - 5],
        [w - 5, h - 5],
      ] as const)
        at(served, x, y).forEach((v, c) =>
          expect(
            Math.abs(v - at(expected, x, y)[c]!),
            `orientation ${orientation} at ${x},${y}`,
          ).toBeLessThan(40),
        );
    }
  });

  it('reads PNG and WebP, and never enlarges a small picture', async () => {
    const png = await uploaded(await pixels(300, 150).png().toBuffer(), 'image/png');
    expect([png.width, png.height]).toEqual([300, 150]);
    expect(await renditionWidths(png.id)).toEqual([160, 300]);
    // ?w=480 and the default both get the picture's own 300 px; ?w=160 the smaller one.
    for (const [query, width] of [
      ['?w=480', 300],
      ['', 300],
      ['?w=160', 160],
    ] as const)
      expect((await sharp((await fetchPicture(`${png.url}${query}`)).rawPayload).metadata()).width).toBe(
        width,
      );

    const webp = await uploaded(await pixels(1000, 1000).webp().toBuffer(), 'image/webp');
    expect([webp.width, webp.height]).toEqual([960, 960]);
    const tiny = await uploaded(await pixels(100, 60).png().toBuffer(), 'image/png');
    expect(await renditionWidths(tiny.id)).toEqual([100]);
  });

  it('reads 16-bit, grey, transparent and CMYK pictures', async () => {
    const inputs: [string, Buffer, string][] = [
      ['16-bit PNG', await pixels(64, 48).toColourspace('rgb16').png().toBuffer(), 'image/png'],
      ['grey PNG', await pixels(64, 48).greyscale().png().toBuffer(), 'image/png'],
      ['transparent PNG', await pixels(64, 48).ensureAlpha(0.5).png().toBuffer(), 'image/png'],
      ['CMYK JPEG', await pixels(64, 48).toColourspace('cmyk').jpeg().toBuffer(), 'image/jpeg'],
    ];
    for (const [what, bytes, type] of inputs) {
      const res = await upload(bytes, type);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      const served = await fetchPicture(pictureResponse.parse(res.json()).data.url);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.icc], what).toEqual(['webp', 64, 48, undefined]);
    }
  });

  it('reads an iPhone-style HEIC (HEVC) through libheif', async () => {
    const heic = sampleHeic();
    // sharp's own libvips cannot decode it: that is why the upload goes through heic-decode.
    await expect(sharp(heic).toBuffer()).rejects.toThrow();
    const picture = await uploaded(heic, 'image/heic');
    expect([picture.width, picture.height]).toEqual([640, 360]);
    expect(await renditionWidths(picture.id)).toEqual([160, 480, 640]);
    const served = await sharp((await fetchPicture(`${picture.url}?w=480`)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([served.info.width, served.info.height]).toEqual([480, 270]);
    // The left half of the source is blue-ish (blue 200), the right half is not (30).
    const blueAt = (x: number) => served.data[(135 * 480 + x) * served.info.channels + 2]!;
    expect(blueAt(60)).toBeGreaterThan(150);
    expect(blueAt(420)).toBeLessThan(80);
    // Also as image/heif.
    expect((await upload(heic, 'image/heif')).statusCode).toBe(200);
  });

  it('trusts the bytes, not the Content-Type: a PNG sent as image/jpeg is read as the PNG it is', async () => {
    const picture = await uploaded(await pixels(200, 100).png().toBuffer(), 'image/jpeg');
    expect([picture.width, picture.height]).toEqual([200, 100]);
    // The media type in any case, with parameters.
    const png = await pixels(20, 10).png().toBuffer();
    expect((await upload(png, 'IMAGE/PNG')).statusCode).toBe(200);
    expect((await upload(png, 'image/png; name="cake.png"')).statusCode).toBe(200);
  });

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

describe('GET /v1/pictures/{id}.webp', () => {
  let url: string;
  beforeAll(async () => {
    ({ url } = await uploaded(await pixels(600, 400).png().toBuffer(), 'image/png'));
  });

  it('needs no token, and is cached for a year with an ETag (304 when the client has it)', async () => {
    const res = await fetchPicture(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f-]{36}-\d+"$/);
    const again = await fetchPicture(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const small = await fetchPicture(`${url}?w=160`);
    expect(small.headers.etag).not.toBe(etag);
    // A bad token is ignored like none.
    expect((await fetchPicture(url, { authorization: 'Bearer nonsense' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id, and 400 for another width', async () => {
    const unknown = await fetchPicture(`/v1/pictures/${randomUUID()}.webp`);
    expect(unknown.statusCode).toBe(404);
    expect(error(unknown).code).toBe('NOT_FOUND');
    expect((await fetchPicture('/v1/pictures/not-a-picture.webp')).statusCode).toBe(404);
    for (const w of ['300', '0', 'big', '']) {
      const res = await fetchPicture(`${url}?w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(error(res).message).toBe('query.w: w must be 160, 480 or 960');
    }
  });
});
