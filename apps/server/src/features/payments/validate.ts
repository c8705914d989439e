import { countrySpecs, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import {
  checkPayNow,
  PAYNOW_MOBILE,
  type Issue,
  type PaymentKind,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@outing/contract';
import { badRequest } from '../../lib/errors.js';

/**
 * The checks of a payment handle (docs/api/README.md#payments): each returns the value as stored (normalised), or the
 * message a person can act on. Messages never repeat the value: a handle is personal data and 400s are logged.
 */
type Checked = { value: string } | { message: string };

export function isPayNowMobile(value: string): boolean {
  return PAYNOW_MOBILE.test(value);
}

/** A mobile number (`+65 9123 4567`, or written locally: `9123 4567`) or a UEN; the rule is the contract's. */
function payNow(raw: string): Checked {
  const checked = checkPayNow(raw);
  if ('value' in checked) return checked;
  if (checked.problem === 'mobile')
    return { message: 'Enter a Singapore mobile number as +65 followed by 8 digits' };
  return { message: 'Enter a mobile number as +65 and 8 digits, or a UEN of 9 to 13 letters and digits' };
}

function iban(raw: string): Checked {
  const value = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value))
    return {
      message:
        'An IBAN starts with a 2-letter country code and 2 check digits, e.g. DE89 3704 0044 0532 0130 00',
    };
  const country = value.slice(0, 2);
  const length = countrySpecs[country]?.chars;
  if (!length) return { message: `${country} is not a country that uses IBANs` };
  if (value.length !== length)
    return { message: `An IBAN from ${country} has ${length} characters; this one has ${value.length}` };
  const { errorCodes } = validateIBAN(value, { allowQRIBAN: false });
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return { message: 'The check digits of this IBAN do not match: look for a typo' };
  if (errorCodes.includes(ValidationErrorsIBAN.QRIBANNotAllowed))
    return { message: 'This is a QR-IBAN, which takes QR bills only: enter the account’s ordinary IBAN' };
  if (errorCodes.length > 0)
    return { message: `This is not a valid IBAN from ${country}: look for a typo in the account number` };
  return { value };
}

function upi(raw: string): Checked {
  const value = raw.trim();
  // No official pattern is published; this is the shape every PSP handle seen has (docs/payments.md).
  if (/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(value)) return { value };
  return { message: 'Enter a UPI ID such as name@bank' };
}

function payPal(raw: string): Checked {
  const value = raw
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?paypal\.me\//i, '')
    .replace(/^@/, '')
    .replace(/\/$/, '');
  if (/^[A-Za-z0-9]{1,20}$/.test(value)) return { value };
  return { message: 'Enter your PayPal.me name: up to 20 letters and digits' };
}

function revolut(raw: string): Checked {
  const value = raw
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?revolut\.me\//i, '')
    .replace(/^@/, '')
    .replace(/\/$/, '')
    .toLowerCase();
  if (/^[a-z0-9._-]{3,32}$/.test(value)) return { value };
  return { message: 'Enter your Revtag, e.g. @annlee: 3 to 32 letters, digits, dots, dashes or underscores' };
}

function link(raw: string): Checked {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { message: 'Enter a full link starting with https://' };
  }
  if (url.protocol !== 'https:') return { message: 'Only https:// links are allowed' };
  if (url.username || url.password)
    return { message: 'A payment link may not carry a user name or password' };
  if (!url.hostname.includes('.')) return { message: 'Enter a link to a public website' };
  // Percent-encoding can make the stored form longer than what was typed.
  if (url.href.length > 1000) return { message: 'This link is too long (at most 1000 characters)' };
  return { value: url.href };
}

const checks: Record<PaymentKind, (raw: string) => Checked> = {
  paynow: payNow,
  iban,
  upi,
  paypal: payPal,
  revolut,
  link,
};

/**
 * The list as stored, or a 400 naming every bad field (`2.value`, `0.name`). A handle listed twice is refused too.
 */
export function checkPaymentMethods(list: readonly PaymentMethodInput[]): PaymentMethod[] {
  const issues: Issue[] = [];
  const out: PaymentMethod[] = [];
  const seen = new Set<string>();
  list.forEach((m, i) => {
    const checked = checks[m.kind](m.value);
    const name = m.name?.trim() || undefined;
    if ('message' in checked) issues.push({ path: `${i}.value`, message: checked.message });
    else if (seen.has(`${m.kind} ${checked.value}`))
      issues.push({ path: `${i}.value`, message: 'This handle is already in the list' });
    else seen.add(`${m.kind} ${checked.value}`);
    if (m.kind === 'iban' && !name)
      issues.push({ path: `${i}.name`, message: 'Enter the account holder’s name, as the bank knows it' });
    if ('value' in checked) out.push({ kind: m.kind, value: checked.value, ...(name ? { name } : {}) });
  });
  const [first] = issues;
  if (first) throw badRequest(`${first.path}: ${first.message}`, issues);
  return out;
}
