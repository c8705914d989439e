import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** Pictures for the tests, made with sharp (and one HEIC made once with libheif's heif-enc, in fixtures/). */

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

/** A valid PNG whose header claims `width`×`height` pixels (a decompression bomb's first bytes). */
export async function pngClaiming(width: number, height: number) {
  const png = await pixels(8, 8).png().toBuffer();
  // IHDR is the first chunk: length (4) type (4) at 8, width and height at 16 and 20, its CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
