import { bidiControl, invisibleCharacter } from '@outing/contract';

/** Text rules shared by the encoders: what each payment format can carry, cut to the length it allows. */

/**
 * What breaks a line for some reader: C0 controls, DEL, C1 controls (NEL among them) and the Unicode line and
 * paragraph separators (Python's `splitlines` breaks on several of these, not only on LF and CR).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** Bidi embeddings, overrides and isolates, zero-width characters and direction marks (packages/contract text.ts). */
const HIDDEN = new RegExp(`${bidiControl.source}|${invisibleCharacter.source}`, 'g');

/**
 * One field of a payment payload, whatever is stored (issue 32: an IBAN holder's name with line breaks rewrote the
 * lines of an EPC code; a row stored before the contract refused them may still hold them): every control character
 * and line separator becomes a space, bidi overrides and invisible characters go (they would make the payee's name
 * read as someone else's), runs of white space become one space, and the ends are trimmed. Every encoder passes each
 * free-text field through this where it builds the field.
 */
export function fieldText(text: string): string {
  return text.replace(HIDDEN, '').replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points, so a cut never splits a surrogate pair), trailing spaces dropped. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text.trimEnd() : chars.slice(0, max).join('').trimEnd();
}

/**
 * Printable ASCII only (EMVCo "ans" fields: strict decoders reject anything else): a `fieldText`, then accents
 * dropped from their letters ("Café" → "Cafe"), other characters removed, runs of spaces collapsed.
 */
export function toAscii(text: string): string {
  return fieldText(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The UTF-8 bytes of `text`, as `Buffer.from(text, 'utf8')` and `TextEncoder` write them: a lone surrogate (half of
 * a pair, which JavaScript strings may hold) is written as U+FFFD.
 */
export function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
  }
  return bytes;
}

/** How many bytes `text` takes in UTF-8 (a lone surrogate: 3, as U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** The longest prefix of `text` (whole code points) whose UTF-8 encoding fits in `maxBytes`. */
export function cutBytes(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = utf8Length(ch);
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out.trimEnd();
}

/** A decimal amount as the formats write it: digits, `.`, at most two decimals (no sign, no separators). */
export const decimalAmount = /^\d{1,10}(\.\d{1,2})?$/;
