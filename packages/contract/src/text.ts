import { z } from 'zod';

/**
 * Text stored for display (docs/api/README.md#display-text, issue 32). A one-line text (a user, room, venue, bill, item or charge
 * name, a payment handle's name, a title) refuses control characters (U+0000–U+001F, U+007F) and bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) with 400: a line break in an IBAN holder's name
 * rewrote the lines of a SEPA QR code, one in a room name added lines to it, and an override makes a name read
 * differently from what it holds. A multi-line text (a chat message, a room description, a reminder's content) may
 * hold line breaks (`\n`) but no other control character.
 *
 * Only what the rule names is refused, so that what earlier clients sent keeps working: the checks run after the
 * field's trim (a pasted trailing line break is still dropped, as before), zero-width joiners stay allowed in names
 * (emoji sequences and Persian or Indic names need them), and bidi overrides stay allowed in multi-line texts.
 * Payment-handle names alone also refuse invisible characters (`invisible`): they reach a payee's QR code and label,
 * where a zero-width or direction mark spoofs whom the payer pays.
 *
 * Whatever is stored, whoever writes it into a format with its own syntax (QR payloads, calendars, CSV) still
 * cleans it there: old rows may hold anything.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const controlCharacter = /[\u0000-\u001f\u007f]/;
/** Control characters but the line feed: what a multi-line text may not hold once normalised. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const controlCharacterButLineFeed = /[\u0000-\u0009\u000b-\u001f\u007f]/;
/** LRE, RLE, PDF, LRO, RLO (U+202A–U+202E) and LRI, RLI, FSI, PDI (U+2066–U+2069). */
export const bidiControl = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Characters that show nothing but change what a name is or how it reads: zero-width space, non-joiner and joiner,
 * left-to-right and right-to-left marks (U+200B–U+200F), word joiner and invisible operators (U+2060–U+2064), the
 * Arabic letter mark (U+061C) and the zero-width no-break space / byte order mark (U+FEFF).
 */
export const invisibleCharacter = /[\u061c\u200b-\u200f\u2060-\u2064\ufeff]/;

export type TextProblem = 'control' | 'bidi' | 'invisible';

/** What a one-line text holds that the rule refuses, or null. */
export function oneLineProblem(text: string, opts: { invisible?: boolean } = {}): TextProblem | null {
  if (controlCharacter.test(text)) return 'control';
  if (bidiControl.test(text)) return 'bidi';
  if (opts.invisible && invisibleCharacter.test(text)) return 'invisible';
  return null;
}

/** What a multi-line text (after `normaliseMultiLine`) holds that the rule refuses, or null. */
export function multiLineProblem(text: string): 'control' | null {
  return controlCharacterButLineFeed.test(text) ? 'control' : null;
}

/**
 * CRLF and a lone CR become LF, a tab a space. Refusing them would be the rule's letter, but they are what pasting
 * from another program or a `<textarea>` form post brings, and what they mean is plain: normalising keeps those
 * clients working while the stored text still holds no control character but LF.
 */
export function normaliseMultiLine(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll('\t', ' ');
}

/** The sentences, one per field label ("Room Name cannot contain line breaks or control characters."). */
export const textMessages = {
  control: (label: string) => `${label} cannot contain line breaks or control characters.`,
  bidi: (label: string) => `${label} cannot contain text-direction override characters.`,
  invisible: (label: string) => `${label} cannot contain invisible characters such as zero-width spaces.`,
  multiLineControl: (label: string) => `${label} cannot contain control characters other than line breaks.`,
};

type StringParams = Parameters<typeof z.string>[0];

/**
 * A one-line display text: trimmed, then refused with the field's sentence if it holds a control character, a bidi
 * override or isolate, or (`invisible`) an invisible character. Chain the field's own `.min`/`.max` after it.
 */
export function oneLineText(label: string, opts: { invisible?: boolean; params?: StringParams } = {}) {
  return z
    .string(opts.params)
    .trim()
    .superRefine((text, ctx) => {
      const problem = oneLineProblem(text, opts);
      if (problem) ctx.addIssue({ code: 'custom', message: textMessages[problem](label) });
    });
}

/**
 * A multi-line display text: CRLF, CR and tabs normalised (`normaliseMultiLine`), trimmed, then refused with the
 * field's sentence if it still holds a control character other than LF. Chain `.min`/`.max` after it.
 */
export function multiLineText(label: string, opts: { params?: StringParams } = {}) {
  return z
    .string(opts.params)
    .overwrite(normaliseMultiLine)
    .trim()
    .superRefine((text, ctx) => {
      if (multiLineProblem(text))
        ctx.addIssue({ code: 'custom', message: textMessages.multiLineControl(label) });
    });
}
