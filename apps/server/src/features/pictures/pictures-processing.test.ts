import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pictureResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pictureHelpers } from '../../test/pictures.js';
import { createUser, type TestUser } from '../../test/users.js';
import { gpsExif, jpegWithGps, pixels, sampleHeic } from './test-images.js';

/** What an upload is made into: WebP renditions, upright, without metadata, from every format Outing reads. */

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

const { upload, fetchPicture, uploaded, renditionWidths } = pictureHelpers(
  () => t,
  () => alice,
);

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
});
