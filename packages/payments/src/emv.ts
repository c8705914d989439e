import { PAYNOW_MOBILE, PAYNOW_UEN } from '@outing/contract';
import { cut, decimalAmount, toAscii, utf8Bytes } from './text.js';

/**
 * EMVCo merchant-presented QR payloads as PayNow uses them (SGQR): ID (2 digits) + length (2 digits) + value, the
 * PayNow account in template 26, and a CRC-16/CCITT-FALSE over everything up to and including "6304".
 * Sources: docs/payments.md (section PayNow).
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes, 4 uppercase hex. */
export function crc16ccittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One data object. The length counts characters and is two digits, so a value holds at most 99. */
export function tlv(id: string, value: string): string {
  const length = Array.from(value).length;
  if (!/^\d{2}$/.test(id)) throw new RangeError(`an EMV id is two digits, not "${id}"`);
  if (length === 0 || length > 99) throw new RangeError(`EMV field ${id} must hold 1 to 99 characters`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Appends field 63 with the CRC of the payload before it. */
export function withCrc(payload: string): string {
  const body = `${payload}6304`;
  return `${body}${crc16ccittFalse(body)}`;
}

export type PayNowInput = {
  /** `+65` and 8 digits, or a UEN. */
  proxy: string;
  proxyType: 'mobile' | 'uen';
  /** Decimal, two decimals (`"12.34"`); without it the code is static and the payer types the amount. */
  amount?: string;
  /** Whether the payer may change the amount (forced when there is none). */
  editable: boolean;
  /** The payee as the payer's bank app shows it; made ASCII and cut to 25. */
  merchantName: string;
  merchantCity?: string;
  /** Bill number / reference (field 62, sub-ID 01); made ASCII and cut to 25. */
  reference?: string;
  /** `YYYYMMDD` after which banks refuse the code. */
  expiry?: string;
  /** Merchant category code; PayNow person-to-person codes use 0000. */
  categoryCode?: string;
};

/** A PayNow QR payload (SGD, country SG). Throws RangeError for input no bank would accept. */
export function payNowPayload(input: PayNowInput): string {
  if (input.amount !== undefined && !decimalAmount.test(input.amount))
    throw new RangeError('a PayNow amount is digits with at most two decimals');
  if (!(input.proxyType === 'mobile' ? PAYNOW_MOBILE : PAYNOW_UEN).test(input.proxy))
    throw new RangeError('not a PayNow mobile number or UEN');
  const editable = input.amount === undefined || input.editable;
  const account =
    tlv('00', 'SG.PAYNOW') +
    tlv('01', input.proxyType === 'mobile' ? '0' : '2') +
    tlv('02', input.proxy) +
    tlv('03', editable ? '1' : '0') +
    (input.expiry ? tlv('04', input.expiry) : '');
  const name = cut(toAscii(input.merchantName), 25) || 'NA';
  const reference = input.reference === undefined ? '' : cut(toAscii(input.reference), 25);
  return withCrc(
    tlv('00', '01') +
      tlv('01', input.amount === undefined ? '11' : '12') +
      tlv('26', account) +
      tlv('52', input.categoryCode ?? '0000') +
      tlv('53', '702') +
      (input.amount === undefined ? '' : tlv('54', input.amount)) +
      tlv('58', 'SG') +
      tlv('59', name) +
      tlv('60', cut(toAscii(input.merchantCity ?? 'Singapore'), 15)) +
      (reference ? tlv('62', tlv('01', reference)) : ''),
  );
}
