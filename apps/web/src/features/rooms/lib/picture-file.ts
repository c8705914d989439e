import { MAX_PICTURE_BYTES, pictureTypes } from '@outing/contract';
import { t } from '@/lib/i18n/i18n';

// What the picture picker checks before uploading: the server's own limits (contract plans.ts, POST /pictures) and
// wording, so that a file refused here reads the same as one the server refuses.

export type PictureType = (typeof pictureTypes)[number];

export const PICTURE_ACCEPT = pictureTypes.join(',');
/** The server's sentence for a file over the limit (413), in the interface's language. */
export const pictureTooLarge = () => t('rooms.picture.tooLarge');
/** The server's sentence for a file that is not a picture it takes (415, 400). */
export const pictureUnreadable = () => t('rooms.picture.unreadable');

const isPictureType = (type: string): type is PictureType =>
  (pictureTypes as readonly string[]).includes(type);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The type its first bytes say (magic numbers), or null: some phones give HEIC photos no `type` at all. */
export function sniffPictureType(bytes: Uint8Array): PictureType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (['heic', 'heix', 'hevc', 'heim', 'heis'].includes(brand)) return 'image/heic';
    if (['mif1', 'msf1', 'heif'].includes(brand)) return 'image/heif';
  }
  return null;
}

async function headOf(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, 16);
  // Blob#arrayBuffer is missing from some test environments; FileReader is everywhere.
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * The `Content-Type` to upload `file` with, or the sentence saying why it cannot be: too large (checked first,
 * without reading it), or not a picture type the server takes (its declared type, else what its first bytes say).
 */
export async function checkPictureFile(
  file: File,
): Promise<{ ok: true; type: PictureType } | { ok: false; message: string }> {
  if (file.size > MAX_PICTURE_BYTES) return { ok: false, message: pictureTooLarge() };
  if (file.size === 0) return { ok: false, message: pictureUnreadable() };
  if (isPictureType(file.type)) return { ok: true, type: file.type };
  // No type, or one the server does not name (`image/jpg`, `application/octet-stream`): the bytes decide.
  const sniffed = sniffPictureType(await headOf(file).catch(() => new Uint8Array()));
  return sniffed ? { ok: true, type: sniffed } : { ok: false, message: pictureUnreadable() };
}
