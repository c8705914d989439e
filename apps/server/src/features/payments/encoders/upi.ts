import { cut, decimalAmount } from './text.js';

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
  const params: [string, string][] = [
    ['pa', input.vpa],
    ['pn', cut(input.name.trim(), 50) || input.vpa],
    ['am', input.amount],
    ['cu', 'INR'],
    ['tn', cut(input.note ?? '', 50)],
  ];
  const query = params
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `upi://pay?${query}`;
}
