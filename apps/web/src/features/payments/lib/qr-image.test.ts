import { describe, expect, it } from 'vitest';
import { fitText, qrFileName } from './qr-image';

// Each character as wide as half the font size.
const measure = (text: string, size: number) => Array.from(text).length * size * 0.5;

describe('the QR picture’s caption', () => {
  it('keeps the largest size that fits', () => {
    expect(fitText(measure, 'Pay ann', 500, { max: 40, min: 20, maxLines: 1 })).toEqual({
      size: 40,
      lines: ['Pay ann'],
    });
  });

  it('shrinks, then wraps at spaces, and never cuts a character off', () => {
    const long = 'Bank transfer (SEPA) · Alexandra Konstantinopoulou-Papadimitriou';
    const { size, lines } = fitText(measure, long, 300, { max: 26, min: 18, maxLines: 2 });
    expect(size).toBe(18);
    expect(lines.join(' ')).toBe(long);
    for (const line of lines) expect(measure(line, size)).toBeLessThanOrEqual(300);
  });

  it('breaks a word wider than the line between characters, and an amount never at its no-break space', () => {
    const { lines } = fitText(measure, 'x'.repeat(50), 100, { max: 20, min: 10, maxLines: 1 });
    expect(lines.join('')).toBe('x'.repeat(50));
    expect(lines.every((l) => measure(l, 10) <= 100)).toBe(true);
    expect(fitText(measure, 'SGD\u00a024.60', 1000, { max: 40, min: 20, maxLines: 1 }).lines).toEqual([
      'SGD\u00a024.60',
    ]);
  });
});

describe('the QR picture’s file name', () => {
  it('says what, whom to and how much, in characters any file system takes', () => {
    expect(qrFileName('paynow', 'ann_lee', 'SGD', '24.60')).toBe('paynow-ann_lee-SGD24.60.png');
    expect(qrFileName('iban', 'Zoë / Ünal', 'EUR', '1250.00')).toBe('iban-Zoe-Unal-EUR1250.00.png');
    expect(qrFileName('upi', '李雷', 'INR', '500.00')).toBe('upi-payee-INR500.00.png');
  });
});
