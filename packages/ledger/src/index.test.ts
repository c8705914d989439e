import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents } from './index.js';

describe('formatCents', () => {
  it('formats whole and fractional amounts with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(-333)).toBe('-3.33');
  });

  it('round-trips every integer number of cents through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        const [whole, frac] = text.replace('-', '').split('.') as [string, string];
        const back = (Number(whole) * 100 + Number(frac)) * (text.startsWith('-') ? -1 : 1);
        expect(back).toBe(cents);
      }),
    );
  });

  it('refuses anything that is not whole cents', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });
});
