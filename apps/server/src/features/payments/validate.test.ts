import { describe, expect, it } from 'vitest';
import type { PaymentMethodInput } from '@outing/contract';
import { AppError } from '../../lib/errors.js';
import { checkPaymentMethods } from './validate.js';

/** The issues a list is refused with, or the stored list. */
function check(list: PaymentMethodInput[]) {
  try {
    return { stored: checkPaymentMethods(list) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    expect(err.status).toBe(400);
    return { issues: err.issues, message: err.message };
  }
}
const one = (kind: PaymentMethodInput['kind'], value: string, name?: string) =>
  check([{ kind, value, ...(name === undefined ? {} : { name }) }]);
const stored = (kind: PaymentMethodInput['kind'], value: string, name?: string) =>
  one(kind, value, name).stored?.[0]?.value;
const refusal = (kind: PaymentMethodInput['kind'], value: string, name?: string) =>
  one(kind, value, name).issues?.[0];

describe('PayNow', () => {
  it('takes +65 and 8 digits, or a UEN of 9 to 13 letters and digits, normalised', () => {
    expect(stored('paynow', '+65 9123 4567')).toBe('+6591234567');
    expect(stored('paynow', '201101550z')).toBe('201101550Z');
    expect(stored('paynow', '53012345D')).toBe('53012345D');
    expect(stored('paynow', 'T09LL0001B')).toBe('T09LL0001B');
    expect(stored('paynow', '201543956D002')).toBe('201543956D002');
  });
  it('takes a Singapore mobile written locally, 8 digits from 8 or 9, as +65 and the digits', () => {
    expect(stored('paynow', '9123 4567')).toBe('+6591234567');
    expect(stored('paynow', '91234567')).toBe('+6591234567');
    expect(stored('paynow', '8123-4567')).toBe('+6581234567');
  });
  it('says what a mobile number or a UEN looks like', () => {
    for (const v of ['71234567', '7123 4567', '9123456', '+6591234', '+44 7911 123456', '6591234567'])
      expect(refusal('paynow', v)).toEqual({
        path: '0.value',
        message: 'Enter a Singapore mobile number as +65 followed by 8 digits',
      });
    for (const v of ['ABC12', '201543956D0021', 'ann@bank'])
      expect(refusal('paynow', v)?.message).toBe(
        'Enter a mobile number as +65 and 8 digits, or a UEN of 9 to 13 letters and digits',
      );
  });
});

describe('IBAN', () => {
  it('takes the published valid IBANs, spaces removed and upper-cased, with a name', () => {
    for (const iban of [
      'DE89370400440532013000',
      'GB82WEST12345698765432',
      'BE71096123456769',
      'DE33100205000001194700',
    ])
      expect(stored('iban', iban, 'Ann Lee')).toBe(iban);
    expect(stored('iban', 'de89 3704 0044 0532 0130 00', 'Ann')).toBe('DE89370400440532013000');
  });
  it('refuses any single changed digit with the checksum message', () => {
    const iban = 'DE89370400440532013000';
    for (let i = 2; i < iban.length; i++) {
      const d = (Number(iban[i]) + 1) % 10;
      const wrong = `${iban.slice(0, i)}${d}${iban.slice(i + 1)}`;
      expect(refusal('iban', wrong, 'Ann')?.message, wrong).toMatch(/check digits|not a valid IBAN/);
    }
    expect(refusal('iban', 'DE88370400440532013000', 'Ann')?.message).toBe(
      'The check digits of this IBAN do not match: look for a typo',
    );
  });
  it('knows each country’s length and says it', () => {
    expect(refusal('iban', 'DE8937040044053201300', 'Ann')?.message).toBe(
      'An IBAN from DE has 22 characters; this one has 21',
    );
    expect(refusal('iban', 'XX89370400440532013000', 'Ann')?.message).toBe(
      'XX is not a country that uses IBANs',
    );
    expect(refusal('iban', '1234', 'Ann')?.message).toMatch(/^An IBAN starts with a 2-letter country code/);
    for (const [cc, n] of [
      ['AT', 20],
      ['NL', 18],
      ['FR', 27],
      ['IT', 27],
      ['ES', 24],
      ['CH', 21],
      ['PL', 28],
    ] as const)
      expect(refusal('iban', `${cc}00${'1'.repeat(n + 1 - 4)}`, 'Ann')?.message).toBe(
        `An IBAN from ${cc} has ${n} characters; this one has ${n + 1}`,
      );
  });
  it('requires the account holder’s name', () => {
    expect(one('iban', 'DE89370400440532013000').issues).toEqual([
      { path: '0.name', message: 'Enter the account holder’s name, as the bank knows it' },
    ]);
    expect(one('iban', 'DE89370400440532013000', '   ').issues?.[0]?.path).toBe('0.name');
  });
});

describe('UPI, PayPal.me, Revolut and links', () => {
  it('UPI: name@handle', () => {
    expect(stored('upi', ' ann.lee@oksbi ')).toBe('ann.lee@oksbi');
    expect(stored('upi', '1234567890@ybl')).toBe('1234567890@ybl');
    for (const v of ['ann', 'ann@', '@oksbi', 'a b@ok', 'ann@ok@x'])
      expect(refusal('upi', v)?.message, v).toBe('Enter a UPI ID such as name@bank');
  });
  it('PayPal.me: letters and digits, up to 20, a pasted link accepted', () => {
    expect(stored('paypal', 'AnnLee')).toBe('AnnLee');
    expect(stored('paypal', 'https://www.paypal.me/AnnLee/')).toBe('AnnLee');
    for (const v of ['ann-lee', 'a'.repeat(21), 'ann/12', 'paypal.me/'])
      expect(refusal('paypal', v)?.message, v).toBe('Enter your PayPal.me name: up to 20 letters and digits');
  });
  it('Revolut: a Revtag, with or without @, lower-cased', () => {
    expect(stored('revolut', '@AnnLee')).toBe('annlee');
    expect(stored('revolut', 'https://revolut.me/ann_lee')).toBe('ann_lee');
    for (const v of ['ab', 'ann lee', 'ann/x'])
      expect(refusal('revolut', v)?.message, v).toMatch(/^Enter your Revtag/);
  });
  it('link: https only, no credentials', () => {
    expect(stored('link', 'https://pay.example.com/ann?x=1')).toBe('https://pay.example.com/ann?x=1');
    expect(refusal('link', 'http://pay.example.com')?.message).toBe('Only https:// links are allowed');
    expect(refusal('link', 'javascript:alert(1)')?.message).toBe('Only https:// links are allowed');
    expect(refusal('link', 'pay.example.com')?.message).toBe('Enter a full link starting with https://');
    expect(refusal('link', 'https://ann:pw@pay.example.com')?.message).toBe(
      'A payment link may not carry a user name or password',
    );
    expect(refusal('link', 'https://localhost/x')?.message).toBe('Enter a link to a public website');
  });
});

describe('the list', () => {
  it('names every bad field by its index, never repeats the value, and refuses duplicates', () => {
    const res = check([
      { kind: 'paypal', value: 'AnnLee' },
      { kind: 'upi', value: 'secret-handle' },
      { kind: 'iban', value: 'DE89370400440532013000' },
      { kind: 'paypal', value: 'https://paypal.me/AnnLee' },
    ]);
    expect(res.issues).toEqual([
      { path: '1.value', message: 'Enter a UPI ID such as name@bank' },
      { path: '2.name', message: 'Enter the account holder’s name, as the bank knows it' },
      { path: '3.value', message: 'This handle is already in the list' },
    ]);
    expect(res.message).toBe('1.value: Enter a UPI ID such as name@bank');
    expect(JSON.stringify(res)).not.toContain('secret-handle');
  });
  it('keeps the order and drops empty names', () => {
    expect(
      check([
        { kind: 'revolut', value: 'annlee', name: '' },
        { kind: 'paynow', value: '+6591234567', name: ' Ann ' },
      ]).stored,
    ).toEqual([
      { kind: 'revolut', value: 'annlee' },
      { kind: 'paynow', value: '+6591234567', name: 'Ann' },
    ]);
  });
});
