import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyExponent, isCurrency } from './currency.js';

describe('currencies', () => {
  it('knows the ISO 4217 exponent of each code, where CLDR display digits differ', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KRW')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('TND')).toBe(3);
    // Intl shows these with 0 decimals; ISO 4217 (and so storage) says otherwise.
    expect(currencyExponent('IQD')).toBe(3);
    expect(currencyExponent('HUF')).toBe(2);
    expect(currencyExponent('IDR')).toBe(2);
    expect(currencyExponent('COP')).toBe(2);
  });

  it('holds only exponents 0, 2 and 3, and none of the funds, metals or test codes', () => {
    expect(new Set(Object.values(CURRENCIES))).toEqual(new Set([0, 2, 3]));
    for (const code of ['XDR', 'XSU', 'XUA', 'XTS', 'XXX', 'XAU', 'CLF', 'UYW', 'UYI', 'USN', 'CHE', 'HRK'])
      expect(isCurrency(code)).toBe(false);
    expect(Object.keys(CURRENCIES).length).toBeGreaterThan(150);
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
  });

  it('takes codes as stored: upper case, three letters, in the table', () => {
    expect(isCurrency('GBP')).toBe(true);
    expect(isCurrency('gbp')).toBe(false);
    expect(isCurrency('GBPX')).toBe(false);
    expect(isCurrency('toString')).toBe(false);
    expect(isCurrency('ABC')).toBe(false);
    expect(() => currencyExponent('ABC')).toThrow(RangeError);
  });
});
