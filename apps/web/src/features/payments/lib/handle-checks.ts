import { checkPayNow, normalisePayNow, type PaymentKind } from '@outing/contract';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/keys';

/**
 * The checks the server makes on a payment handle (apps/server/src/features/payments/validate.ts), with its
 * messages, so that a typo is caught before sending. PayNow's rule is the contract's own (`checkPayNow`), the one the
 * server applies. The server stays the judge: an IBAN's country length and BBAN
 * format are only checked there (its table is a library's; the mod-97 check digits are checked here too).
 */

/** Each kind's name: the brands as they write themselves, whatever the language. */
export function kindLabel(kind: PaymentKind): string {
  switch (kind) {
    case 'paynow':
      return 'PayNow'; // i18n-ignore: a brand
    case 'iban':
      return 'IBAN'; // i18n-ignore: a standard's name
    case 'upi':
      return 'UPI'; // i18n-ignore: a brand
    case 'paypal':
      return 'PayPal.me'; // i18n-ignore: a brand
    case 'revolut':
      return 'Revolut'; // i18n-ignore: a brand
    case 'link':
      return t('payments.kind.link');
  }
}

/** The value field's label: "Mobile number or UEN", "IBAN"… */
export function valueLabel(kind: PaymentKind): string {
  switch (kind) {
    case 'paynow':
      return t('payments.value.paynow');
    case 'iban':
      return 'IBAN'; // i18n-ignore: a standard's name
    case 'upi':
      return 'UPI ID'; // i18n-ignore: the name UPI gives it
    case 'paypal':
      return t('payments.value.paypal');
    case 'revolut':
      return 'Revtag'; // i18n-ignore: the name Revolut gives it
    case 'link':
      return t('payments.value.link');
  }
}

const VALUE_HINTS: Record<PaymentKind, MessageKey> = {
  paynow: 'payments.hint.paynow',
  iban: 'payments.hint.iban',
  upi: 'payments.hint.upi',
  paypal: 'payments.hint.paypal',
  revolut: 'payments.hint.revolut',
  link: 'payments.hint.link',
};

/** What the value field expects, under it: "e.g. name@bank". */
export const valueHint = (kind: PaymentKind): string => t(VALUE_HINTS[kind]);

/** The longest value and name the server accepts. */
const MAX_VALUE = 500;
const MAX_NAME = 70;

/** Every problem a handle can have, in the interface's language (called when checking, never at module level). */
export const MESSAGES = {
  required: () => t('payments.check.required'),
  tooLong: () => t('payments.check.tooLong', { max: MAX_VALUE }),
  mobile: () => t('payments.check.mobile'),
  payNow: () => t('payments.check.payNow'),
  ibanShape: () => t('payments.check.ibanShape'),
  ibanChecksum: () => t('payments.check.ibanChecksum'),
  upi: () => t('payments.check.upi'),
  paypal: () => t('payments.check.paypal'),
  revolut: () => t('payments.check.revolut'),
  linkUrl: () => t('payments.check.linkUrl'),
  linkHttps: () => t('payments.check.linkHttps'),
  linkCredentials: () => t('payments.check.linkCredentials'),
  linkHost: () => t('payments.check.linkHost'),
  nameRequired: () => t('payments.check.nameRequired'),
  nameTooLong: () => t('payments.check.nameTooLong', { max: MAX_NAME }),
  duplicate: () => t('payments.check.duplicate'),
};

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
    return MESSAGES.linkUrl();
  }
  if (url.protocol !== 'https:') return MESSAGES.linkHttps();
  if (url.username || url.password) return MESSAGES.linkCredentials();
  if (!url.hostname.includes('.')) return MESSAGES.linkHost();
  return null;
}

/** The value as the server will store it, for spotting a handle listed twice before sending. */
export function normaliseHandle(kind: PaymentKind, raw: string): string {
  const value = raw.trim();
  switch (kind) {
    case 'paynow':
      return normalisePayNow(value);
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
  if (raw.trim() === '') return MESSAGES.required();
  if (raw.trim().length > MAX_VALUE) return MESSAGES.tooLong();
  const value = normaliseHandle(kind, raw);
  switch (kind) {
    case 'paynow': {
      const checked = checkPayNow(value);
      return 'value' in checked ? null : MESSAGES[checked.problem]();
    }
    case 'iban':
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return MESSAGES.ibanShape();
      return ibanChecksumOk(value) ? null : MESSAGES.ibanChecksum();
    case 'upi':
      return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(value) ? null : MESSAGES.upi();
    case 'paypal':
      return /^[A-Za-z0-9]{1,20}$/.test(value) ? null : MESSAGES.paypal();
    case 'revolut':
      return /^[a-z0-9._-]{3,32}$/.test(value) ? null : MESSAGES.revolut();
    case 'link':
      return checkLink(raw);
  }
}

/** The account holder's name: required for an IBAN, at most 70 characters for any kind. */
export function nameProblem(kind: PaymentKind, name: string): string | null {
  if (name.trim().length > MAX_NAME) return MESSAGES.nameTooLong();
  if (kind === 'iban' && name.trim() === '') return MESSAGES.nameRequired();
  return null;
}
