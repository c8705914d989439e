import { describe, expect, it } from 'vitest';
import { linkPayload, payPalLink, revolutLink } from './links.js';
import { upiLink } from './upi.js';
import { cut, cutBytes, fieldText, toAscii } from './text.js';

describe('upiLink', () => {
  it('writes pa, pn, am, cu=INR and tn in that order, each percent-encoded', () => {
    expect(
      upiLink({ vpa: 'ann.lee@oksbi', name: 'Ann Lee', amount: '250.00', note: 'Outing Goa & back' }),
    ).toBe('upi://pay?pa=ann.lee%40oksbi&pn=Ann%20Lee&am=250.00&cu=INR&tn=Outing%20Goa%20%26%20back');
  });

  it('reads back to the same values, cuts the note to 50 characters and drops an empty one', () => {
    const link = upiLink({
      vpa: 'a-b_c@ybl',
      name: 'Ravi',
      amount: '1.05',
      note: `Outing ${'n'.repeat(80)}`,
    });
    const params = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(Object.fromEntries(params)).toEqual({
      pa: 'a-b_c@ybl',
      pn: 'Ravi',
      am: '1.05',
      cu: 'INR',
      tn: `Outing ${'n'.repeat(43)}`,
    });
    expect(upiLink({ vpa: 'x@ybl', name: 'X', amount: '2.00' })).toBe(
      'upi://pay?pa=x%40ybl&pn=X&am=2.00&cu=INR',
    );
  });

  it('refuses an amount that is not digits with at most two decimals', () => {
    expect(() => upiLink({ vpa: 'x@ybl', name: 'X', amount: '1.234' })).toThrow(RangeError);
  });
  it('writes no control, bidi or zero-width character of the name or note, and refuses a VPA of another shape', () => {
    const link = upiLink({
      vpa: 'ravi@oksbi',
      name: 'Ravi\r\n\u202eK\u200bumar',
      amount: '1.00',
      note: 'Outing\nGoa\u0007',
    });
    const params = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(params.get('pn')).toBe('Ravi Kumar');
    expect(params.get('tn')).toBe('Outing Goa');
    expect(() => upiLink({ vpa: 'ravi@oksbi&am=1', name: 'R', amount: '1.00' })).toThrow(RangeError);
    expect(() => upiLink({ vpa: 'ravi@oksbi\n', name: 'R', amount: '1.00' })).toThrow(RangeError);
  });
});

describe('payPalLink and revolutLink', () => {
  it('puts the amount and the currency code after the PayPal.me name', () => {
    expect(payPalLink('AnnLee', '12.34', 'EUR')).toBe('https://paypal.me/AnnLee/12.34EUR');
    expect(payPalLink('ann', '1200', 'JPY')).toBe('https://paypal.me/ann/1200JPY');
    expect(() => payPalLink('ann/../x', '1.00', 'EUR')).toThrow(RangeError);
    expect(() => payPalLink('ann', '1.00', 'eur')).toThrow(RangeError);
  });

  it('links a Revtag without an amount (Revolut documents none)', () => {
    expect(revolutLink('annlee')).toBe('https://revolut.me/annlee');
    expect(() => revolutLink('Ann/x')).toThrow(RangeError);
  });
});

describe('linkPayload', () => {
  it('offers an https link as the URL parser writes it, without a raw control character', () => {
    expect(linkPayload('https://pay.example.com/ann')).toBe('https://pay.example.com/ann');
    expect(linkPayload('https://pay.example.com/a\nb\u0007c d\r')).toBe('https://pay.example.com/ab%07c%20d');
    for (const bad of [
      'javascript:alert(1)',
      'http://pay.example.com/',
      'https://u:p@pay.example.com/',
      'pay',
    ])
      expect(() => linkPayload(bad)).toThrow(RangeError);
  });
});

describe('text helpers', () => {
  it('fieldText makes one line: controls and line separators become a space, bidi and zero-width go', () => {
    expect(fieldText('Bob\nDE02\r\nEUR950.00\n\n\nrefund')).toBe('Bob DE02 EUR950.00 refund');
    expect(fieldText('\u0000a\u0085b\u2028c\u2029d\u007fe\u009ff\t g ')).toBe('a b c d e f g');
    expect(fieldText('\u202eecilA\u202c \u2066x\u2069 B\u200bo\u200d\u200eb\ufeff\u061c')).toBe(
      'ecilA x Bob',
    );
    expect(fieldText('Café 漢字 😀')).toBe('Café 漢字 😀');
  });

  it('toAscii drops accents and what ASCII cannot hold', () => {
    expect(toAscii('Café  Zoë ☕ 東京 night')).toBe('Cafe Zoe night');
  });
  it('cut counts code points and never splits a pair', () => {
    expect(cut('a😀b', 2)).toBe('a😀');
    expect(cut('ab  cd', 4)).toBe('ab');
  });
  it('cutBytes keeps whole characters within the byte budget', () => {
    expect(cutBytes('éé', 3)).toBe('é');
    expect(cutBytes('abc', 10)).toBe('abc');
  });
});
