import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/i18n';
import {
  formatAmount,
  formatMoney,
  formatMoneyInput,
  parseMoneyInput,
  regionLocale,
  toAmount,
  toMinor,
  userLocale,
} from './money';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('uses the currency’s decimals and the locale’s separators', () => {
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney(123456789, 'USD', 'en-US')).toBe('$1,234,567.89');
    expect(nbsp(formatMoney(125000, 'EUR', 'de-DE'))).toBe('1.250,00 €');
    expect(formatMoney(1250, 'JPY', 'en-US')).toBe('¥1,250');
    expect(nbsp(formatMoney(1005, 'KWD', 'en-US'))).toBe('KWD 1.005');
    expect(formatMoney(-333, 'USD', 'en-US')).toBe('-$3.33');
    expect(formatMoney(333, 'USD', 'en-US', { signed: true })).toBe('+$3.33');
    expect(formatAmount(19.99, 'SGD', 'en-SG')).toBe('$19.99');
  });
  it('server amounts become exact minor units and back', () => {
    expect(toMinor(0.29, 'USD')).toBe(29);
    expect(toMinor(-12.5, 'USD')).toBe(-1250);
    expect(toMinor(1.005, 'KWD')).toBe(1005);
    expect(toMinor(0, 'JPY')).toBe(0);
    expect(toAmount(1999, 'USD')).toBe(19.99);
    expect(toAmount(1999, 'JPY')).toBe(1999);
  });
});

describe('parseMoneyInput', () => {
  const ok = (minor: number) => ({ ok: true, minor });
  it('reads the locale’s decimal separator and never guesses the other one', () => {
    expect(parseMoneyInput('12,50', 'EUR', 'de-DE')).toEqual(ok(1250));
    expect(parseMoneyInput('1.250,5', 'EUR', 'de-DE')).toEqual(ok(125050));
    expect(parseMoneyInput('12.50', 'USD', 'en-US')).toEqual(ok(1250));
    expect(parseMoneyInput('1,250.50', 'USD', 'en-US')).toEqual(ok(125050));
    expect(parseMoneyInput('12,50', 'USD', 'en-US')).toEqual({ ok: false, message: 'Use . for decimals' });
    expect(parseMoneyInput('12.50', 'EUR', 'de-DE')).toEqual({ ok: false, message: 'Use , for decimals' });
    expect(parseMoneyInput('1 250,50', 'EUR', 'fr-FR')).toEqual(ok(125050));
    expect(parseMoneyInput('.5', 'USD', 'en-US')).toEqual(ok(50));
    expect(parseMoneyInput('1,00,000.50', 'INR', 'en-IN')).toEqual(ok(10_000_050));
    expect(parseMoneyInput('1,0,000', 'USD', 'en-US').ok).toBe(false);
  });
  it('follows the currency’s decimals and the limits', () => {
    expect(parseMoneyInput('1250', 'JPY', 'en-US')).toEqual(ok(1250));
    expect(parseMoneyInput('12.5', 'JPY', 'en-US')).toEqual({
      ok: false,
      message: 'JPY amounts have no decimals',
    });
    expect(parseMoneyInput('1.005', 'KWD', 'en-US')).toEqual(ok(1005));
    expect(parseMoneyInput('1.005', 'USD', 'en-US')).toEqual({
      ok: false,
      message: 'Use at most 2 decimals',
    });
    expect(parseMoneyInput('1.50', 'JPY', 'en-US')).toEqual({
      ok: false,
      message: 'JPY amounts have no decimals',
    });
    expect(parseMoneyInput('0', 'USD', 'en-US')).toEqual({
      ok: false,
      message: 'Amount must be greater than 0',
    });
    expect(parseMoneyInput('0', 'USD', 'en-US', { allowZero: true })).toEqual(ok(0));
    expect(parseMoneyInput('-1', 'USD', 'en-US').ok).toBe(false);
    expect(parseMoneyInput('', 'USD', 'en-US')).toEqual({ ok: false, message: 'Enter an amount' });
    expect(parseMoneyInput('abc', 'USD', 'en-US')).toEqual({ ok: false, message: 'Enter a number' });
    expect(parseMoneyInput('1000000.01', 'USD', 'en-US').ok).toBe(false);
    expect(parseMoneyInput('1,000,000', 'USD', 'en-US')).toEqual(ok(100_000_000));
  });
  it('reads back whatever it formats, in every locale and exponent', () => {
    const locales = ['en-US', 'de-DE', 'fr-FR', 'en-IN', 'de-CH', 'ja-JP'];
    const currencies = ['USD', 'EUR', 'JPY', 'KWD', 'INR'];
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (locale, currency, raw) => {
          const digits = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
          const minor = Math.min(raw, 1_000_000 * 10 ** digits);
          const text = formatMoneyInput(minor, currency, locale);
          expect(parseMoneyInput(text, currency, locale)).toEqual({ ok: true, minor });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the locale of amounts', () => {
  it('is the interface’s: grouped, in its language, and its messages too', () => {
    expect(userLocale()).toBe('en-GB');
    expect(formatAmount(1234.5, 'USD')).toBe('US$1,234.50');
    expect(parseMoneyInput('2,000,000', 'USD')).toEqual({
      ok: false,
      message: 'Amount must be at most 1,000,000',
    });
    setTestLanguage('zh');
    expect(userLocale()).toBe('zh-CN');
    expect(formatAmount(1234.5, 'CNY')).toBe('¥1,234.50');
    expect(formatMoney(123456789, 'USD', undefined, { signed: true })).toBe('+US$1,234,567.89');
    expect(parseMoneyInput('12,50', 'CNY')).toEqual({ ok: false, message: '小数点请使用“.”' });
    expect(parseMoneyInput('1.005', 'USD')).toEqual({ ok: false, message: '最多保留 2 位小数' });
    setTestLanguage('en', 'de-DE');
    expect(parseMoneyInput('12,50', 'EUR')).toEqual({ ok: true, minor: 1250 });
    expect(nbsp(formatAmount(1234.5, 'EUR'))).toBe('1.234,50 €');
  });

  it('leaves the region, for guesses like a new room’s currency, to the browser', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(regionLocale()).toBe('de-DE');
    expect(userLocale()).toBe('en-GB');
  });
});
