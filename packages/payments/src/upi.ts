import { cut, decimalAmount, fieldText } from './text.js';

/** The characters a VPA may hold in a payload (the stored handle's shape is `checkHandle`'s): no others. */
const VPA_CHARACTERS = /^[A-Za-z0-9._-]{1,256}@[A-Za-z0-9.-]{1,64}$/;

/**
 * A UPI payment intent, `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`, every value percent-encoded. The parameter table
 * comes from secondary sources, not from NPCI's linking specification (docs/payments.md, section UPI).
 */
export type UpiInput = {
  /** The payee's virtual payment address, `name@handle`. */
  vpa: string;
  name: string;
  /** Rupees with two decimals (`"12.34"`). */
  amount: string;
  /** The note shown to the payer, cut to 50 characters. */
  note?: string;
};

export function upiLink(input: UpiInput): string {
  if (!decimalAmount.test(input.amount))
    throw new RangeError('a UPI amount is digits with at most two decimals');
  if (!VPA_CHARACTERS.test(input.vpa)) throw new RangeError('not a UPI ID');
  const params: [string, string][] = [
    ['pa', input.vpa],
    ['pn', cut(fieldText(input.name), 50) || input.vpa],
    ['am', input.amount],
    ['cu', 'INR'],
    ['tn', cut(fieldText(input.note ?? ''), 50)],
  ];
  const query = params
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `upi://pay?${query}`;
}
