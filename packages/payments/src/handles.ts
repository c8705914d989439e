import { checkPayNow, normalisePayNow, PAYNOW_MOBILE, type PaymentKind } from '@outing/contract';
import { ibanRegistryProblem } from './iban.js';
import type { HandleCheck, HandleProblem, PrecheckProblem } from './problems.js';
import { parseUrl, type ParsedUrl } from './url.js';

/**
 * The rule of a payment handle (docs/api/README.md#payments, docs/payments.md): what each kind's value may be and how
 * it is stored. Each check answers the value as stored, or a problem code that the server (in English, with the 400)
 * and the web app (in the interface's language, before sending) each word in their own messages. A message never
 * repeats the value: a handle is personal data, and 400s are logged.
 */

export type { HandleCheck, HandleProblem, PrecheckProblem } from './problems.js';
export type Precheck = { value: string } | { problem: PrecheckProblem };

/** The longest link stored: percent-encoding can make it longer than what was typed. */
export const MAX_STORED_LINK = 1000;

/** A PayNow handle that is a mobile number (`+65` and 8 digits), not a UEN. */
export function isPayNowMobile(value: string): boolean {
  return PAYNOW_MOBILE.test(value);
}

/** An account holder's name goes with an IBAN: a SEPA transfer and its EPC code need the beneficiary's name. */
export function handleNeedsName(kind: PaymentKind): boolean {
  return kind === 'iban';
}

const stripLink = (value: string, host: RegExp) =>
  value.replace(host, '').replace(/^@/, '').replace(/\/$/, '');

/** A link as the URL parser writes it (host in lower case, a bare host with its `/`), or as typed if it is none. */
function normaliseLink(value: string): string {
  try {
    return parseUrl(value).href;
  } catch {
    return value;
  }
}

/**
 * The value as stored: spaces and letter case as each kind keeps them, a pasted PayPal.me or revolut.me link or an
 * `@` reduced to the name, a link as the URL parser writes it. Whenever `checkHandle` (or `precheckHandle`) accepts
 * a value, its stored value is this. What a list is checked for twice on both sides: the server compares the stored
 * values, the web app this before sending.
 */
export function normaliseHandle(kind: PaymentKind, raw: string): string {
  const value = raw.trim();
  switch (kind) {
    case 'paynow':
      return normalisePayNow(value);
    case 'iban':
      return value.replace(/\s+/g, '').toUpperCase();
    case 'paypal':
      return stripLink(value, /^(https?:\/\/)?(www\.)?paypal\.me\//i);
    case 'revolut':
      return stripLink(value, /^(https?:\/\/)?(www\.)?revolut\.me\//i).toLowerCase();
    case 'link':
      return normaliseLink(value);
    default:
      return value;
  }
}

/** ISO 7064 mod 97-10 over the rearranged IBAN is 1, in chunks so that no number exceeds 2^53. */
export function ibanChecksumOk(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder === 1;
}

type IbanRule = (value: string) => HandleProblem | null;
const checkDigits: IbanRule = (value) => (ibanChecksumOk(value) ? null : { problem: 'ibanChecksum' });

function check(kind: PaymentKind, raw: string, ibanRule: IbanRule, maxLink: number): HandleCheck {
  const value = normaliseHandle(kind, raw);
  switch (kind) {
    case 'paynow': {
      // The contract's rule (`checkPayNow`): +65 and 8 digits, a mobile written locally, or a UEN.
      const checked = checkPayNow(value);
      return 'value' in checked ? checked : { problem: checked.problem };
    }
    case 'iban':
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return { problem: 'ibanShape' };
      return ibanRule(value) ?? { value };
    case 'upi':
      // No official pattern is published; this is the shape every PSP handle seen has (docs/payments.md).
      return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(value)
        ? { value }
        : { problem: 'upi' };
    case 'paypal':
      return /^[A-Za-z0-9]{1,20}$/.test(value) ? { value } : { problem: 'paypal' };
    case 'revolut':
      return /^[a-z0-9._-]{3,32}$/.test(value) ? { value } : { problem: 'revolut' };
    case 'link': {
      let url: ParsedUrl;
      try {
        url = parseUrl(value);
      } catch {
        return { problem: 'linkUrl' };
      }
      if (url.protocol !== 'https:') return { problem: 'linkHttps' };
      if (url.username || url.password) return { problem: 'linkCredentials' };
      if (!url.hostname.includes('.')) return { problem: 'linkHost' };
      if (url.href.length > maxLink) return { problem: 'linkTooLong' };
      return { value: url.href };
    }
  }
}

/**
 * The whole rule, as the server stores a handle: `precheckHandle`'s, an IBAN's entry in the IBAN registry (its
 * country, length, check digits as ISO 13616 writes them, BBAN format, no QR-IBAN) instead of the bare check digits,
 * and a link's stored length.
 */
export function checkHandle(kind: PaymentKind, raw: string): HandleCheck {
  return check(kind, raw, ibanRegistryProblem, MAX_STORED_LINK);
}

/**
 * What the web app checks before sending: the whole rule but an IBAN's registry entry (only its shape and its
 * mod-97 check digits) and a link's stored length. The server stays the judge of those.
 */
export function precheckHandle(kind: PaymentKind, raw: string): Precheck {
  // checkDigits answers ibanChecksum only, and no link is longer than Infinity: every problem is a PrecheckProblem.
  return check(kind, raw, checkDigits, Infinity) as Precheck;
}
