import { currencyExponent, formatMinor } from '@outing/ledger';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount for a person to read in server-written text (notifications, push, mail): `Intl.NumberFormat` in the
 * room's currency with as many decimals as the currency has ("$12.50", "¥1,250", "KWD 1.250"). The amount itself
 * is exact: the formatter gets the minor units' decimal text, never a float computed from them.
 */
export function formatMoney(minor: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    const digits = currencyExponent(currency);
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(currency, format);
  }
  // format() takes a decimal string exactly (ES2023 Intl.NumberFormat v3).
  return format.format(formatMinor(minor, currencyExponent(currency)) as unknown as number);
}
