/**
 * A PayNow handle (docs/api/README.md#payments), one rule for the server that stores it and the web app that checks
 * it before sending: `+65` and 8 digits (a mobile), or a UEN of 9 to 13 letters and digits with at least one letter.
 * A Singapore mobile written locally, 8 digits starting with 8 or 9 (`9123 4567`), is that mobile: `+6591234567`.
 */

/** The PayNow proxies as stored: `+65` and 8 digits, or a UEN (9 or 10 characters with a check letter, or 13). */
export const PAYNOW_MOBILE = /^\+65\d{8}$/;
export const PAYNOW_UEN = /^(?=.*[A-Z])[0-9A-Z]{9,13}$/;

/** Singapore mobile numbers start with 8 or 9 and have 8 digits (IMDA's numbering plan). */
const LOCAL_MOBILE = /^[89]\d{7}$/;

/** The handle as stored: spaces and dashes removed, upper case, and `+65` before a mobile written locally. */
export function normalisePayNow(raw: string): string {
  const value = raw.replace(/[\s-]/g, '').toUpperCase();
  return LOCAL_MOBILE.test(value) ? `+65${value}` : value;
}

/**
 * The handle as stored, or what is wrong with it: `mobile` when it is digits but no Singapore mobile number,
 * `payNow` when it is neither a mobile number nor a UEN. Each side words the problem in its own messages.
 */
export function checkPayNow(raw: string): { value: string } | { problem: 'mobile' | 'payNow' } {
  const value = normalisePayNow(raw);
  if (PAYNOW_MOBILE.test(value) || PAYNOW_UEN.test(value)) return { value };
  return { problem: /^\+?\d+$/.test(value) ? 'mobile' : 'payNow' };
}
