import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AmountError, centsToAmount, formatCents, parseAmount } from './money.js';

describe('parseAmount', () => {
  it.each([
    [0.29, 29],
    ['0.29', 29],
    [19.99, 1999],
    [1.15, 115],
    [0.1, 10],
    ['0.5', 50],
    [9.99, 999],
    [1_000_000, 100_000_000],
    [12, 1200],
    [' 7.05 ', 705],
  ])('%j is exactly %i cents (where float arithmetic is not)', (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
  });

  it.each([
    [undefined, 'amount is required'],
    ['', 'amount is required'],
    [Number.NaN, 'Amount must be a number'],
    [Infinity, 'Amount must be a number'],
    ['abc', 'Amount must be a number'],
    [{}, 'Amount must be a number'],
    [1e-7, 'Amount can have at most 2 decimals'],
    [1.005, 'Amount can have at most 2 decimals'],
    ['0.001', 'Amount can have at most 2 decimals'],
    [-5, 'Amount must be greater than 0'],
    [0, 'Amount must be greater than 0'],
    [0.001, 'Amount can have at most 2 decimals'],
    [1_000_000.01, 'Amount must be at most 1,000,000'],
    [1e21, 'Amount must be at most 1,000,000'],
  ])('%j is refused: %s', (input, message) => {
    expect(() => parseAmount(input)).toThrow(new AmountError(message));
  });

  it('agrees with the decimal text of every 2-decimal amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const text = formatCents(cents);
        expect(parseAmount(text)).toBe(cents);
        expect(parseAmount(Number(text))).toBe(cents);
        expect(centsToAmount(cents)).toBe(Number(text));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('formatCents', () => {
  it('formats with two decimals and refuses fractions of a cent', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(-333)).toBe('-3.33');
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});
