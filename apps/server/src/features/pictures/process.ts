import sharp, { type Metadata, type Sharp } from 'sharp';
import { pictureWidths } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';
import { decodeHeif } from './heif-worker.js';
import {
  checkHeader,
  DECODE_TIME_LIMIT_MS,
  MAX_INPUT_PIXELS,
  NOT_A_PICTURE,
  TOO_MANY_PIXELS,
  TOO_SLOW,
  type PictureHeader,
} from './limits.js';
import { sniffPicture, webpIsLossless, type PictureKind } from './sniff.js';

/**
 * Turns an upload into the WebP renditions Outing serves. Nothing of the original is kept: it is decoded to pixels,
 * turned upright by its EXIF orientation, and re-encoded, so no EXIF (GPS location!), XMP or ICC profile survives
 * (decision 009).
 *
 * Memory (issue 32): the header is checked first (limits.ts); the pixels are then read a few rows at a time and
 * reduced to the size Outing keeps as they are read (sequential access; JPEG and WebP decode at a smaller scale
 * already), and only that small picture is turned upright: a rotation needs the whole picture, so it never sees
 * the large one. libvips keeps no cache of operations (each upload is read once) and uses one thread per picture.
 */
sharp.cache(false);
sharp.concurrency(1);

export const WEBP_QUALITY = 80;
/** Renditions keep the picture's aspect ratio; a very tall one is bounded at twice its width. */
const MAX_ASPECT = 2;
const LARGEST = pictureWidths[pictureWidths.length - 1]!;

export type Rendition = { width: number; height: number; webp: Buffer };

type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** The size Outing keeps of an upright picture: at most 960 px wide and twice that tall, never enlarged. */
export function keptSize(width: number, height: number) {
  const scale = Math.min(1, LARGEST / width, (LARGEST * MAX_ASPECT) / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes of decoded pixels per pixel, for the components a JPEG stores: 2-byte coefficients per component. */
function jpegCoefficientBytes(meta: Metadata) {
  const components = meta.chromaSubsampling?.startsWith('4:2:0')
    ? 1.5
    : meta.chromaSubsampling?.startsWith('4:2:2')
      ? 2
      : meta.channels === 4
        ? 4
        : 3;
  return 2 * components;
}

/** What a JPEG, PNG or WebP header claims, and the bytes its decoder holds whole (0 when it streams rows). */
function headerOf(kind: Exclude<PictureKind, 'heif'>, meta: Metadata, bytes: Buffer): PictureHeader {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const pixels = width * height;
  let wholeDecodeBytes = 0;
  // A progressive JPEG keeps every coefficient until its last scan.
  if (kind === 'jpeg' && meta.isProgressive) wholeDecodeBytes = pixels * jpegCoefficientBytes(meta);
  // An interlaced PNG (Adam7) is read whole before its first row is complete.
  if (kind === 'png' && meta.isProgressive)
    wholeDecodeBytes = pixels * (meta.channels ?? 4) * (meta.depth === 'ushort' ? 2 : 1);
  // libwebp decodes a lossless picture into a whole ARGB buffer before scaling it.
  if (kind === 'webp' && webpIsLossless(bytes)) wholeDecodeBytes = pixels * 4;
  return { width, height, wholeDecodeBytes };
}

const isTimeout = (err: unknown) => err instanceof Error && /timeout/i.test(err.message);

/**
 * EXIF orientation 1–8 applied to a (small) picture: the rotation and mirroring that make it upright (sharp mirrors
 * after it rotates, whatever the order of the calls; pictures-processing.test.ts compares every case with libvips' autoOrient).
 */
export function orient(image: Sharp, orientation: number | undefined): Sharp {
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.rotate(90).flip();
    case 6:
      return image.rotate(90);
    case 7:
      return image.rotate(90).flop();
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

/** A JPEG, PNG or WebP upright at the size Outing keeps, as raw sRGB pixels: read once, renditions are made from it. */
async function sharpPixels(
  kind: Exclude<PictureKind, 'heif'>,
  bytes: Buffer,
  timeLimitMs: number,
): Promise<Pixels> {
  const input = () =>
    sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
      sequentialRead: true,
    });
  // The header only: sharp refuses one over the pixel limit here, before anything is decoded.
  const meta = await input()
    .metadata()
    .catch((err: unknown) => {
      if (err instanceof Error && /pixel limit/i.test(err.message))
        throw badRequest(TOO_MANY_PIXELS, 'PICTURE_TOO_MANY_PIXELS');
      throw badRequest(NOT_A_PICTURE, 'PICTURE_UNREADABLE');
    });
  checkHeader(headerOf(kind, meta, bytes));
  const sideways = (meta.orientation ?? 1) >= 5;
  const upright = sideways ? { w: meta.height!, h: meta.width! } : { w: meta.width!, h: meta.height! };
  const kept = keptSize(upright.w, upright.h);
  // Reduced as it is read, in the file's own orientation; turned upright once small.
  const small = await input()
    // Whole seconds: libvips' own clock.
    .timeout({ seconds: Math.max(1, Math.round(timeLimitMs / 1000)) })
    .resize(sideways ? kept.height : kept.width, sideways ? kept.width : kept.height, { fit: 'fill' })
    .toColourspace('srgb')
    // 8 bits a channel whatever the input's depth (a 16-bit PNG), as the renditions below read them.
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw isTimeout(err)
        ? badRequest(TOO_SLOW, 'PICTURE_TOO_SLOW')
        : badRequest(NOT_A_PICTURE, 'PICTURE_UNREADABLE');
    });
  const raw = { width: small.info.width, height: small.info.height, channels: small.info.channels };
  const { data, info } = await orient(sharp(small.data, { raw }), meta.orientation)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A HEIC or HEIF, decoded in a worker thread that also reduces it (heif-worker.ts). */
async function heifPixels(bytes: Buffer, timeLimitMs: number): Promise<Pixels> {
  const result = await decodeHeif(bytes, {
    admit: (header) => {
      checkHeader(header);
      return keptSize(header.width, header.height);
    },
    timeLimitMs,
  });
  if (result.ok) return { data: result.data, width: result.width, height: result.height, channels: 3 };
  throw result.reason === 'too-slow'
    ? badRequest(TOO_SLOW, 'PICTURE_TOO_SLOW')
    : badRequest(NOT_A_PICTURE, 'PICTURE_UNREADABLE');
}

/**
 * The renditions of an upload: one per width of `pictureWidths` that the picture reaches (never enlarged), plus its
 * own width when it is narrower than the largest. Bad or oversized input is a 400 with a sentence.
 */
export async function renderPicture(
  bytes: Buffer,
  { timeLimitMs = DECODE_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): Promise<Rendition[]> {
  const kind = sniffPicture(bytes);
  if (!kind) throw badRequest(NOT_A_PICTURE, 'PICTURE_UNREADABLE');
  const px =
    kind === 'heif' ? await heifPixels(bytes, timeLimitMs) : await sharpPixels(kind, bytes, timeLimitMs);
  const widths = [...new Set([...pictureWidths.filter((w) => w < px.width), px.width])];
  return Promise.all(
    widths.map(async (width) => {
      const { data, info } = await sharp(px.data, {
        raw: { width: px.width, height: px.height, channels: px.channels },
      })
        .resize({ width })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, webp: data };
    }),
  );
}
