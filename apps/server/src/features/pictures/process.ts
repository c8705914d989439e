import sharp, { type Sharp } from 'sharp';
import { pictureWidths } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';
import { decodeHeif } from './heif-worker.js';
import { sniffPicture } from './sniff.js';

/**
 * Turns an upload into the WebP renditions Outing serves. Nothing of the original is kept: it is decoded to pixels,
 * turned upright by its EXIF orientation, and re-encoded, so no EXIF (GPS location!), XMP or ICC profile survives
 * (decision 009).
 */

/** Larger than any phone camera (48 MP); beyond it an upload is refused before its pixels are decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const WEBP_QUALITY = 80;
/** Renditions keep the picture's aspect ratio; a very tall one is bounded at twice its width. */
const MAX_ASPECT = 2;

export const NOT_A_PICTURE = 'This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).';
const TOO_MANY_PIXELS = 'This picture has too many pixels (at most 50 megapixels).';

export type Rendition = { width: number; height: number; webp: Buffer };

type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** The upright picture at most 960 px wide, as raw sRGB pixels: decoded once, every rendition is made from it. */
async function uprightPixels(bytes: Buffer): Promise<Pixels> {
  const kind = sniffPicture(bytes);
  if (!kind) throw badRequest(NOT_A_PICTURE);
  const largest = pictureWidths[pictureWidths.length - 1]!;
  const bound = {
    width: largest,
    height: largest * MAX_ASPECT,
    fit: 'inside',
    withoutEnlargement: true,
  } as const;
  let image: Sharp;
  if (kind === 'heif') {
    // sharp's prebuilt libvips reads HEIF only with AV1 inside; HEVC (every iPhone photo) goes through libheif
    // compiled to WebAssembly, in a worker thread. libheif applies the file's rotation and mirroring itself.
    const raw = await decodeHeifPixels(bytes);
    image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
  } else {
    image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    // sharp reads the header only here, and refuses one over the pixel limit before anything is decoded.
    const meta = await image.metadata().catch((err: unknown) => {
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest(TOO_MANY_PIXELS);
      return undefined;
    });
    if (!meta?.width || !meta.height) throw badRequest(NOT_A_PICTURE);
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw badRequest(TOO_MANY_PIXELS);
    image = image.autoOrient();
  }
  const { data, info } = await image
    .resize(bound)
    .toColourspace('srgb')
    // 8 bits a channel whatever the input's depth (a 16-bit PNG), as the renditions below read them.
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw badRequest(NOT_A_PICTURE);
    });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function decodeHeifPixels(bytes: Buffer) {
  const result = await decodeHeif(bytes, MAX_INPUT_PIXELS);
  if (result.ok) return result;
  throw badRequest(result.reason === 'too-many-pixels' ? TOO_MANY_PIXELS : NOT_A_PICTURE);
}

/**
 * The renditions of an upload: one per width of `pictureWidths` that the picture reaches (never enlarged), plus its
 * own width when it is narrower than the largest. Bad or oversized input is a 400 with a sentence.
 */
export async function renderPicture(bytes: Buffer): Promise<Rendition[]> {
  const px = await uprightPixels(bytes);
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
