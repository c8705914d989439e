import type { PaymentKind } from '@outing/contract';
import { handleNeedsName, normaliseHandle, precheckHandle } from '@outing/payments';
import { t } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';

/**
 * A payment handle checked before sending, so that a typo is caught at once: the rule is the server's own
 * (packages/payments `precheckHandle`), worded here in the interface's language. The server stays the judge of what
 * needs the IBAN registry (an IBAN's country, length and BBAN format) and of a link's stored length.
 */

export { normaliseHandle };

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

/** What is wrong with a handle's value, or null. */
export function handleProblem(kind: PaymentKind, raw: string): string | null {
  if (raw.trim() === '') return MESSAGES.required();
  if (raw.trim().length > MAX_VALUE) return MESSAGES.tooLong();
  const checked = precheckHandle(kind, raw);
  return 'problem' in checked ? MESSAGES[checked.problem]() : null;
}

/** The account holder's name: required for an IBAN, at most 70 characters for any kind. */
export function nameProblem(kind: PaymentKind, name: string): string | null {
  if (name.trim().length > MAX_NAME) return MESSAGES.nameTooLong();
  if (handleNeedsName(kind) && name.trim() === '') return MESSAGES.nameRequired();
  return null;
}
