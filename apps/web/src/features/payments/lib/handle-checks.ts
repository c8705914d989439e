import type { PaymentKind } from '@outing/contract';

/**
 * The checks the server makes on a payment handle (apps/server/src/features/payments/validate.ts), with its
 * messages, so that a typo is caught before sending. The server stays the judge: an IBAN's country length and BBAN
 * format are only checked there (its table is a library's; the mod-97 check digits are checked here too).
 */

export const KIND_LABELS: Record<PaymentKind, string> = {
  paynow: 'PayNow',
  iban: 'IBAN',
  upi: 'UPI',
  paypal: 'PayPal.me',
  revolut: 'Revolut',
  link: 'Payment link',
};

export const VALUE_LABELS: Record<PaymentKind, string> = {
  paynow: 'Mobile number or UEN',
  iban: 'IBAN',
  upi: 'UPI ID',
  paypal: 'PayPal.me name',
  revolut: 'Revtag',
  link: 'Link',
};

export const VALUE_HINTS: Record<PaymentKind, string> = {
  paynow: '+65 and 8 digits, or a UEN',
  iban: 'e.g. DE89 3704 0044 0532 0130 00',
  upi: 'e.g. name@bank',
  paypal: 'Your name in paypal.me/…',
  revolut: 'e.g. @annlee',
  link: 'A link starting with https://',
};

export const MESSAGES = {
  required: 'Enter the handle',
  tooLong: 'This handle is too long (at most 500 characters)',
  mobile: 'Enter a Singapore mobile number as +65 followed by 8 digits',
  payNow: 'Enter a mobile number as +65 and 8 digits, or a UEN of 9 to 13 letters and digits',
  ibanShape:
    'An IBAN starts with a 2-letter country code and 2 check digits, e.g. DE89 3704 0044 0532 0130 00',
  ibanChecksum: 'The check digits of this IBAN do not match: look for a typo',
  upi: 'Enter a UPI ID such as name@bank',
  paypal: 'Enter your PayPal.me name: up to 20 letters and digits',
  revolut: 'Enter your Revtag, e.g. @annlee: 3 to 32 letters, digits, dots, dashes or underscores',
  linkUrl: 'Enter a full link starting with https://',
  linkHttps: 'Only https:// links are allowed',
  linkCredentials: 'A payment link may not carry a user name or password',
  linkHost: 'Enter a link to a public website',
  nameRequired: 'Enter the account holder’s name, as the bank knows it',
  nameTooLong: 'The name may be at most 70 characters',
  duplicate: 'This handle is already in the list',
} as const;

/** ISO 7064 mod 97-10 over the rearranged IBAN, in chunks so no number exceeds 2^53. */
function ibanChecksumOk(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder === 1;
}

function checkLink(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return MESSAGES.linkUrl;
  }
  if (url.protocol !== 'https:') return MESSAGES.linkHttps;
  if (url.username || url.password) return MESSAGES.linkCredentials;
  if (!url.hostname.includes('.')) return MESSAGES.linkHost;
  return null;
}

/** The value as the server will store it, for spotting a handle listed twice before sending. */
export function normaliseHandle(kind: PaymentKind, raw: string): string {
  const value = raw.trim();
  switch (kind) {
    case 'paynow':
      return value.replace(/[\s-]/g, '').toUpperCase();
    case 'iban':
      return value.replace(/\s+/g, '').toUpperCase();
    case 'paypal':
      return value
        .replace(/^(https?:\/\/)?(www\.)?paypal\.me\//i, '')
        .replace(/^@/, '')
        .replace(/\/$/, '');
    case 'revolut':
      return value
        .replace(/^(https?:\/\/)?(www\.)?revolut\.me\//i, '')
        .replace(/^@/, '')
        .replace(/\/$/, '')
        .toLowerCase();
    default:
      return value;
  }
}

/** What is wrong with a handle's value, or null. */
export function handleProblem(kind: PaymentKind, raw: string): string | null {
  if (raw.trim() === '') return MESSAGES.required;
  if (raw.trim().length > 500) return MESSAGES.tooLong;
  const value = normaliseHandle(kind, raw);
  switch (kind) {
    case 'paynow':
      if (/^\+65\d{8}$/.test(value) || /^(?=.*[A-Z])[0-9A-Z]{9,13}$/.test(value)) return null;
      return /^\+?\d+$/.test(value) ? MESSAGES.mobile : MESSAGES.payNow;
    case 'iban':
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return MESSAGES.ibanShape;
      return ibanChecksumOk(value) ? null : MESSAGES.ibanChecksum;
    case 'upi':
      return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(value) ? null : MESSAGES.upi;
    case 'paypal':
      return /^[A-Za-z0-9]{1,20}$/.test(value) ? null : MESSAGES.paypal;
    case 'revolut':
      return /^[a-z0-9._-]{3,32}$/.test(value) ? null : MESSAGES.revolut;
    case 'link':
      return checkLink(raw);
  }
}

/** The account holder's name: required for an IBAN, at most 70 characters for any kind. */
export function nameProblem(kind: PaymentKind, name: string): string | null {
  if (name.trim().length > 70) return MESSAGES.nameTooLong;
  if (kind === 'iban' && name.trim() === '') return MESSAGES.nameRequired;
  return null;
}
