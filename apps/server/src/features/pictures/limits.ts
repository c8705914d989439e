import { badRequest } from '../../lib/errors.js';

/**
 * What an upload may claim, checked from its header before a pixel is decoded (decision 009, issue 32). A file of a
 * few hundred kilobytes can claim gigabytes of pixels: 49,000,000 × 1 all-black pixels compress to 143 kB, and
 * decoding them took the server from 229 MB to 1.5 GB. Every bound below keeps one decode's memory known in advance.
 */

/** Larger than any phone camera (48 MP). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** A side: WebP's own limit, and more than any camera writes (a 48 MP photo is 8,064 × 6,048). */
export const MAX_SIDE = 16_383;
/** Long side over short side: a phone's panorama stays under 8. */
export const MAX_ELONGATION = 10;
/**
 * Some decoders hold a whole picture at once whatever the size asked for: a progressive JPEG's coefficients, an
 * interlaced PNG, a lossless WebP. Their picture may need at most this many bytes whole.
 */
export const MAX_WHOLE_DECODE_BYTES = 160 * 1024 * 1024;
/**
 * A HEIC is decoded whole, in WebAssembly, to 8-bit RGB: about 9 bytes a pixel at its peak with the decoder's own
 * buffers (measured: a 24.5 MP HEIC raised the process by 231 MB, a 48 MP one by 403 MB). Phones' default HEIC is
 * 12 or 24 MP.
 */
export const MAX_HEIF_PIXELS = 25_000_000;
/** One picture's decoding may take this long; past it the picture is refused and its decoder stopped. */
export const DECODE_TIME_LIMIT_MS = 20_000;

export const NOT_A_PICTURE = 'This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).';
export const TOO_MANY_PIXELS = 'This picture has too many pixels (at most 50 megapixels).';
export const TOO_WIDE = 'This picture is too large: at most 16,383 pixels a side.';
export const TOO_ELONGATED = 'This picture is too long and narrow: at most 10 times as long as it is wide.';
export const TOO_HEAVY =
  'This picture is too large to read in its format. Send it as a JPEG, or a smaller picture (at most 25 megapixels for HEIC).';
export const TOO_SLOW = 'This picture took too long to read. Send it as a JPEG, or a smaller picture.';

/**
 * What a picture's header says, and how many bytes its decoder must hold whole (0: it decodes a few rows at a time);
 * `heif`: decoded whole in WebAssembly, bounded by `MAX_HEIF_PIXELS`.
 */
export type PictureHeader = { width: number; height: number; wholeDecodeBytes: number; heif?: boolean };

/** Refuses a picture whose header claims more than Outing decodes, with the sentence that says which bound. */
export function checkHeader({ width, height, wholeDecodeBytes, heif = false }: PictureHeader) {
  if (!(width > 0) || !(height > 0)) throw badRequest(NOT_A_PICTURE, 'PICTURE_UNREADABLE');
  if (width > MAX_SIDE || height > MAX_SIDE) throw badRequest(TOO_WIDE, 'PICTURE_TOO_WIDE');
  if (Math.max(width, height) > MAX_ELONGATION * Math.min(width, height))
    throw badRequest(TOO_ELONGATED, 'PICTURE_TOO_ELONGATED');
  if (width * height > MAX_INPUT_PIXELS) throw badRequest(TOO_MANY_PIXELS, 'PICTURE_TOO_MANY_PIXELS');
  if ((heif && width * height > MAX_HEIF_PIXELS) || wholeDecodeBytes > MAX_WHOLE_DECODE_BYTES)
    throw badRequest(TOO_HEAVY, 'PICTURE_TOO_HEAVY');
}
