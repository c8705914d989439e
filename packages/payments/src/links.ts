import { decimalAmount } from './text.js';
import { parseUrl, type ParsedUrl } from './url.js';

/**
 * PayPal.me and Revolut links (docs/payments.md, section links). PayPal documents `paypal.me/<name>/<amount>`; the
 * currency suffix (`/12.34EUR`) is widely used but not documented by PayPal. It is kept: without it PayPal picks a
 * currency of its own, which is worse than an ignored suffix. Revolut documents no amount for revolut.me at all.
 */
export function payPalLink(username: string, amount: string, currency: string): string {
  if (!/^[A-Za-z0-9]{1,20}$/.test(username)) throw new RangeError('not a PayPal.me name');
  if (!decimalAmount.test(amount) && !/^\d{1,13}(\.\d{3})?$/.test(amount))
    throw new RangeError('not a decimal amount');
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError('not a currency code');
  return `https://paypal.me/${username}/${amount}${currency}`;
}

/**
 * A stored `link` handle as offered to the payer: parsed again and written by the URL parser (which drops tabs and
 * line breaks and percent-encodes every other control character), https only and without credentials, whatever the
 * row holds.
 */
export function linkPayload(stored: string): string {
  let url: ParsedUrl;
  try {
    url = parseUrl(stored);
  } catch {
    throw new RangeError('not a link');
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.'))
    throw new RangeError('not a public https link');
  return url.href;
}

export function revolutLink(revtag: string): string {
  if (!/^[a-z0-9._-]{3,32}$/.test(revtag)) throw new RangeError('not a Revtag');
  return `https://revolut.me/${revtag}`;
}
