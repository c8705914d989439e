import { createDeflate } from 'node:zlib';
import { pixels, sampleHeic } from './test-images.js';

/**
 * Pictures that claim more than they are, for the upload tests (issue 32): headers of shapes Outing refuses, and
 * decompression bombs (small files whose pixels, decoded, take gigabytes) made with zlib alone, as an attacker
 * would, not with an image library that might refuse to write them.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** `n` zero bytes through zlib, fed 16 MB at a time (a 392 MB stream is never held whole). */
async function deflatedZeros(n: number): Promise<Buffer> {
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  const z = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve, reject) => z.on('end', resolve).on('error', reject));
  for (let left = n; left > 0; left -= zeros.length) {
    const part = left >= zeros.length ? zeros : zeros.subarray(0, left);
    if (!z.write(part)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return Buffer.concat(out);
}

/** PNG colour types: 0 grey, 2 RGB, 6 RGBA. */
export type PngShape = {
  width: number;
  height: number;
  bitDepth: 8 | 16;
  colour: 0 | 2 | 6;
  interlaced?: boolean;
};

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr({ width, height, bitDepth, colour, interlaced = false }: PngShape) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colour;
  data[12] = interlaced ? 1 : 0;
  return pngChunk('IHDR', data);
}

/**
 * An all-black PNG of the given shape with every byte of its pixels present: each row is a filter byte (0, none)
 * then zeros, so the whole image data is zeros, compressed by zlib (49,000,000 × 1 RGB: ~143 kB).
 */
export async function blackPng(shape: PngShape): Promise<Buffer> {
  const channels = shape.colour === 0 ? 1 : shape.colour === 2 ? 3 : 4;
  const rowBytes = 1 + (shape.width * channels * shape.bitDepth) / 8;
  const idat = await deflatedZeros(rowBytes * shape.height);
  return Buffer.concat([
    pngSignature,
    ihdr(shape),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims `width`×`height` RGB pixels, with one row of data (it is never decoded that far). */
export async function pngClaiming(width: number, height: number) {
  const shape = { width, height, bitDepth: 8, colour: 2 } as const;
  return Buffer.concat([pngSignature, ihdr(shape), pngChunk('IDAT', await deflatedZeros(1 + width * 3))]);
}

/** The same, interlaced (Adam7) and 16-bit RGBA: a decoder holds it whole before its first row is complete. */
export async function interlacedPngClaiming(width: number, height: number) {
  const shape = { width, height, bitDepth: 16, colour: 6, interlaced: true } as const;
  return Buffer.concat([pngSignature, ihdr(shape), pngChunk('IDAT', await deflatedZeros(1 + width * 8))]);
}

/** A small real JPEG whose frame header (SOF) claims `width`×`height` (at most 65,535 a side). */
export async function jpegClaiming(width: number, height: number) {
  const jpeg = await pixels(16, 16).jpeg().toBuffer();
  for (let at = 2; at + 9 < jpeg.length;) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}

/** A small real lossy WebP whose VP8 frame header claims `width`×`height` (at most 16,383 a side). */
export async function webpClaiming(width: number, height: number) {
  const webp = await pixels(16, 16).webp({ quality: 80 }).toBuffer();
  if (webp.toString('latin1', 12, 16) !== 'VP8 ') throw new Error('not a simple lossy WebP');
  // The chunk's data: a 3-byte frame tag, the start code 9d 01 2a, then 14-bit width and height (2-bit scales).
  webp.writeUInt16LE(width & 0x3fff, 26);
  webp.writeUInt16LE(height & 0x3fff, 28);
  return webp;
}

/** A real HEIC whose image size properties (`ispe`) claim `width`×`height`: libheif reports that size. */
export function heicClaiming(width: number, height: number) {
  const heic = sampleHeic();
  for (let at = heic.indexOf('ispe'); at >= 0; at = heic.indexOf('ispe', at + 4)) {
    // box: size, 'ispe', version and flags, width, height
    heic.writeUInt32BE(width, at + 8);
    heic.writeUInt32BE(height, at + 12);
  }
  return heic;
}
