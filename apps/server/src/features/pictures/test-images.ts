import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * Pictures for the tests, made with sharp (and HEICs made once with libheif's heif-enc, in fixtures/); pictures that
 * claim more than they are, in bomb-images.ts.
 */

/** A colourful (hard to compress) RGB picture, so that sizes and crops are visible in the renditions. */
export function pixels(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 7) % 256;
      data[i + 1] = (y * 5) % 256;
      data[i + 2] = x < width / 2 ? 220 : 20;
    }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A phone photo's metadata: where it was taken (GPS), the camera, and an orientation. */
export const gpsExif = {
  IFD0: { Make: 'OutingPhone', Model: 'Test Camera', Copyright: 'secret-owner' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2952/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 17/1 4020/100',
  },
};

export const jpegWithGps = (width = 1200, height = 800) =>
  pixels(width, height).jpeg({ quality: 90 }).withExif(gpsExif).toBuffer();

/** 640×360, HEVC-coded (as an iPhone writes them): `heif-enc -q 40 src.png` from libheif 1.15. */
export const sampleHeic = () => readFileSync(new URL('./fixtures/sample.heic', import.meta.url));

/** 5,000 × 5,000 black, HEVC-coded (25 MP, the largest HEIC Outing decodes): `heif-enc -q 50` from libheif 1.15. */
export const largeHeic = () => readFileSync(new URL('./fixtures/black-5000x5000.heic', import.meta.url));
