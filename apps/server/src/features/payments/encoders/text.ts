/** Text rules shared by the encoders: what each payment format can carry, cut to the length it allows. */

/** At most `max` characters (code points, so a cut never splits a surrogate pair), trailing spaces dropped. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text.trimEnd() : chars.slice(0, max).join('').trimEnd();
}

/**
 * Printable ASCII only (EMVCo "ans" fields: strict decoders reject anything else): accents are dropped from their
 * letters ("Café" → "Cafe"), other characters removed, runs of spaces collapsed.
 */
export function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The longest prefix of `text` (whole code points) whose UTF-8 encoding fits in `maxBytes`. */
export function cutBytes(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out.trimEnd();
}

/** A decimal amount as the formats write it: digits, `.`, at most two decimals (no sign, no separators). */
export const decimalAmount = /^\d{1,10}(\.\d{1,2})?$/;
