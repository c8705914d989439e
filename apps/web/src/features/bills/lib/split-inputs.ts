import { separators, userLocale } from '@/lib/money';
import { t } from '@/lib/i18n/i18n';

// Percentages and share weights as typed: read with the locale's decimal separator (like amounts, lib/money.ts),
// into the integers the ledger works in (basis points: 12.5% = 1250).

export type ParsedNumber = { ok: true; value: number } | { ok: false; message: string };

/** "12,5" (de-DE) or "12.5" (en-US) → 1250 basis points; 0 to 100 with at most 2 decimals. */
export function parsePercentInput(text: string, locale = userLocale()): ParsedNumber {
  const { decimal } = separators(locale);
  const s = text.trim().replace(/\s*%$/, '');
  if (s === '') return { ok: false, message: t('bills.errors.enterPercent') };
  const other = decimal === '.' ? ',' : '.';
  if (s.includes(other)) return { ok: false, message: t('bills.errors.useDecimal', { decimal }) };
  const [whole, frac, extra] = s.split(decimal);
  if (
    extra !== undefined ||
    !/^\d*$/.test(whole!) ||
    !/^\d*$/.test(frac ?? '') ||
    `${whole}${frac ?? ''}` === ''
  )
    return { ok: false, message: t('bills.errors.enterNumber') };
  const digits = (frac ?? '').replace(/0+$/, '');
  if (digits.length > 2) return { ok: false, message: t('bills.errors.percentDecimals') };
  if (whole!.replace(/^0+/, '').length > 3) return { ok: false, message: t('bills.errors.percentRange') };
  const bp = Number(whole || '0') * 100 + Number(digits.padEnd(2, '0'));
  if (bp > 10_000) return { ok: false, message: t('bills.errors.percentRange') };
  return { ok: true, value: bp };
}

/** A share weight: a whole number from 0 to 1,000,000. */
export function parseSharesInput(text: string): ParsedNumber {
  const s = text.trim();
  if (s === '') return { ok: false, message: t('bills.errors.enterShares') };
  if (!/^\d{1,7}$/.test(s) || Number(s) > 1_000_000)
    return { ok: false, message: t('bills.errors.sharesRange', { max: 1_000_000 }) };
  return { ok: true, value: Number(s) };
}
