/**
 * What an upload really is, from its first bytes (magic numbers). The `Content-Type` a client sends only says
 * what it claims; the decoder is chosen from this.
 */
export type PictureKind = 'jpeg' | 'png' | 'webp' | 'heif';

/** ISO base media file brands of HEIF still images (HEVC-coded, or the generic image brands). */
const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

export function sniffPicture(bytes: Uint8Array): PictureKind | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && heifBrands.has(ascii(bytes, 8, 12))) return 'heif';
  return undefined;
}

/**
 * Whether a WebP holds a lossless (VP8L) picture, which libwebp decodes whole before scaling it: its chunks are
 * walked (a simple file starts with it; an extended one, VP8X, has it after its ICC, animation or alpha chunks).
 */
export function webpIsLossless(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length;) {
    const fourcc = ascii(bytes, at, at + 4);
    if (fourcc === 'VP8L') return true;
    if (fourcc === 'VP8 ') return false;
    at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) % 2);
  }
  return false;
}
