import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AmountError, formatMinor, maxMinor, minorToAmount, parseMinor } from './amount.js';

describe('parseMinor', () => {
  it.each<[unknown, number, number]>([
    ['500', 0, 500],
    [1_000_000, 0, 1_000_000],
    ['0012', 0, 12],
    [19.99, 2, 1999],
    ['7.5', 2, 750],
    [1.25, 3, 1250],
    ['0.001', 3, 1],
    ['1000000.000', 3, 1_000_000_000],
  ])('%j with exponent %i is exactly %i minor units', (input, exponent, minor) => {
    expect(parseMinor(input, exponent)).toBe(minor);
  });

  it.each<[unknown, number, string]>([
    ['12.5', 0, 'Amount cannot have decimals'],
    [12.5, 0, 'Amount cannot have decimals'],
    ['12.0', 0, 'Amount cannot have decimals'],
    ['1.005', 2, 'Amount can have at most 2 decimals'],
    ['1.2345', 3, 'Amount can have at most 3 decimals'],
    [1e-7, 3, 'Amount can have at most 3 decimals'],
    [1e-7, 0, 'Amount cannot have decimals'],
    ['0.000', 3, 'Amount must be greater than 0'],
    [-1, 3, 'Amount must be greater than 0'],
    [Number.NaN, 0, 'Amount must be a number'],
    ['12,50', 2, 'Amount must be a number'],
    ['1.', 2, 'Amount must be a number'],
    [1_000_001, 0, 'Amount must be at most 1,000,000'],
    ['1000000.001', 3, 'Amount must be at most 1,000,000'],
    [undefined, 2, 'amount is required'],
  ])('%j with exponent %i is refused: %s', (input, exponent, message) => {
    expect(() => parseMinor(input, exponent)).toThrow(new AmountError(message));
  });

  it('refuses a currency exponent outside 0–3 as a programming error', () => {
    expect(() => parseMinor('1', 4)).toThrow(RangeError);
    expect(() => maxMinor(-1)).toThrow(RangeError);
  });

  it('round-trips every amount through formatMinor, and its JSON number (property)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(0, 2, 3)
          .chain((e) => fc.tuple(fc.constant(e), fc.integer({ min: 1, max: maxMinor(e) }))),
        ([e, minor]) => {
          const text = formatMinor(minor, e);
          expect(text).toMatch(e === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${e}}$`));
          expect(parseMinor(text, e)).toBe(minor);
          expect(parseMinor(minorToAmount(minor, e), e)).toBe(minor);
          expect(minorToAmount(minor, e)).toBe(Number(text));
        },
      ),
      { numRuns: 15_000 },
    );
  });
});

describe('formatMinor', () => {
  it('writes exactly the exponent’s decimals', () => {
    expect(formatMinor(1250, 2)).toBe('12.50');
    expect(formatMinor(1250, 3)).toBe('1.250');
    expect(formatMinor(5, 0)).toBe('5');
    expect(formatMinor(5, 3)).toBe('0.005');
    expect(formatMinor(-333, 2)).toBe('-3.33');
    expect(formatMinor(0, 3)).toBe('0.000');
    expect(minorToAmount(1250, 2)).toBe(12.5);
    expect(minorToAmount(5, 0)).toBe(5);
    expect(() => formatMinor(1.5, 0)).toThrow(RangeError);
  });
});
