import { describe, expect, it } from 'vitest';
import { validateIBAN } from 'ibantools';
import {
  checkHandle,
  handleNeedsName,
  ibanChecksumOk,
  isPayNowMobile,
  normaliseHandle,
  precheckHandle,
} from './handles.js';

// The cases of the server's validate.test.ts and of the web's handle form, as the problem codes each side words.

describe('PayNow', () => {
  it('takes +65 and 8 digits, or a UEN of 9 to 13 letters and digits, normalised', () => {
    for (const [raw, value] of [
      ['+65 9123 4567', '+6591234567'],
      ['201101550z', '201101550Z'],
      ['53012345D', '53012345D'],
      ['T09LL0001B', 'T09LL0001B'],
      ['201543956D002', '201543956D002'],
      // A Singapore mobile written locally, 8 digits from 8 or 9.
      ['9123 4567', '+6591234567'],
      ['91234567', '+6591234567'],
      ['8123-4567', '+6581234567'],
    ]) {
      expect(checkHandle('paynow', raw!), raw).toEqual({ value });
      expect(precheckHandle('paynow', raw!), raw).toEqual({ value });
      expect(normaliseHandle('paynow', raw!)).toBe(value);
    }
    expect(isPayNowMobile('+6591234567')).toBe(true);
    expect(isPayNowMobile('201101550Z')).toBe(false);
  });
  it('tells a mobile number that is not Singapore’s from what is neither a mobile nor a UEN', () => {
    for (const v of [
      '71234567',
      '7123 4567',
      '9123456',
      '+6591234',
      '+44 7911 123456',
      '6591234567',
      '+65 9123',
    ])
      expect(checkHandle('paynow', v), v).toEqual({ problem: 'mobile' });
    for (const v of ['ABC12', '201543956D0021', 'ann@bank', 'hello'])
      expect(checkHandle('paynow', v), v).toEqual({ problem: 'payNow' });
  });
});

describe('IBAN', () => {
  const valid = [
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'BE71096123456769',
    'DE33100205000001194700',
  ];
  it('takes the published valid IBANs, spaces removed and upper-cased', () => {
    for (const iban of valid) {
      expect(checkHandle('iban', iban)).toEqual({ value: iban });
      expect(precheckHandle('iban', iban)).toEqual({ value: iban });
    }
    expect(checkHandle('iban', 'de89 3704 0044 0532 0130 00')).toEqual({ value: 'DE89370400440532013000' });
    expect(normaliseHandle('iban', ' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(handleNeedsName('iban')).toBe(true);
    expect(handleNeedsName('paynow')).toBe(false);
  });
  it('refuses any single changed digit, on both sides', () => {
    const iban = 'DE89370400440532013000';
    for (let i = 2; i < iban.length; i++) {
      const wrong = `${iban.slice(0, i)}${(Number(iban[i]) + 1) % 10}${iban.slice(i + 1)}`;
      expect(['ibanChecksum', 'ibanInvalid']).toContain(
        (checkHandle('iban', wrong) as { problem: string }).problem,
      );
      expect(precheckHandle('iban', wrong), wrong).toEqual({ problem: 'ibanChecksum' });
    }
    expect(checkHandle('iban', 'DE88370400440532013000')).toEqual({ problem: 'ibanChecksum' });
    expect(precheckHandle('iban', 'DE89 3704 0044 0532 0130 01')).toEqual({ problem: 'ibanChecksum' });
  });
  it('knows each country’s length on the server, and only the shape and check digits before sending', () => {
    expect(checkHandle('iban', 'DE8937040044053201300')).toEqual({
      problem: 'ibanLength',
      country: 'DE',
      length: 22,
      actual: 21,
    });
    expect(checkHandle('iban', 'XX89370400440532013000')).toEqual({ problem: 'ibanCountry', country: 'XX' });
    for (const v of ['1234', '1234 5678']) {
      expect(checkHandle('iban', v)).toEqual({ problem: 'ibanShape' });
      expect(precheckHandle('iban', v)).toEqual({ problem: 'ibanShape' });
    }
    for (const [cc, n] of [
      ['AT', 20],
      ['NL', 18],
      ['FR', 27],
      ['IT', 27],
      ['ES', 24],
      ['CH', 21],
      ['PL', 28],
    ] as const)
      expect(checkHandle('iban', `${cc}00${'1'.repeat(n + 1 - 4)}`)).toEqual({
        problem: 'ibanLength',
        country: cc,
        length: n,
        actual: n + 1,
      });
  });
  it('refuses a QR-IBAN on the server', () => {
    // A Swiss QR-IBAN: institution id 30000–31999 (ibantools' rule), check digits computed for it.
    const qr = 'CH4431999123000889012';
    expect(validateIBAN(qr).valid).toBe(true);
    expect(checkHandle('iban', qr)).toEqual({ problem: 'qrIban' });
    expect(precheckHandle('iban', qr)).toEqual({ value: qr });
  });
  it('mod 97-10 of the rearranged IBAN', () => {
    for (const iban of valid) expect(ibanChecksumOk(iban)).toBe(true);
    expect(ibanChecksumOk('DE88370400440532013000')).toBe(false);
  });
});

describe('UPI, PayPal.me, Revolut and links', () => {
  it('UPI: name@handle', () => {
    expect(checkHandle('upi', ' ann.lee@oksbi ')).toEqual({ value: 'ann.lee@oksbi' });
    expect(checkHandle('upi', '1234567890@ybl')).toEqual({ value: '1234567890@ybl' });
    for (const v of ['ann', 'ann@', '@oksbi', 'a b@ok', 'ann@ok@x', 'ada'])
      expect(precheckHandle('upi', v), v).toEqual({ problem: 'upi' });
  });
  it('PayPal.me: letters and digits, up to 20, a pasted link accepted', () => {
    expect(checkHandle('paypal', 'AnnLee')).toEqual({ value: 'AnnLee' });
    expect(checkHandle('paypal', 'https://www.paypal.me/AnnLee/')).toEqual({ value: 'AnnLee' });
    expect(normaliseHandle('paypal', '@AnnLee')).toBe('AnnLee');
    for (const v of ['ann-lee', 'a'.repeat(21), 'ann/12', 'paypal.me/', 'ada lovelace!'])
      expect(precheckHandle('paypal', v), v).toEqual({ problem: 'paypal' });
  });
  it('Revolut: a Revtag, with or without @, lower-cased', () => {
    expect(checkHandle('revolut', '@AnnLee')).toEqual({ value: 'annlee' });
    expect(checkHandle('revolut', 'https://revolut.me/ann_lee')).toEqual({ value: 'ann_lee' });
    for (const v of ['ab', 'ann lee', 'ann/x', 'a'])
      expect(precheckHandle('revolut', v), v).toEqual({ problem: 'revolut' });
  });
  it('link: https only, no credentials, a public host; stored as the URL parser writes it', () => {
    expect(checkHandle('link', 'https://pay.example.com/ann?x=1')).toEqual({
      value: 'https://pay.example.com/ann?x=1',
    });
    expect(checkHandle('link', ' https://Pay.Example.com ')).toEqual({ value: 'https://pay.example.com/' });
    // Compared before sending as the server compares it: the parser's form, the stored one.
    expect(normaliseHandle('link', ' https://Pay.Example.com ')).toBe('https://pay.example.com/');
    expect(normaliseHandle('link', ' pay.example.com ')).toBe('pay.example.com');
    for (const [v, problem] of [
      ['http://pay.example.com', 'linkHttps'],
      ['javascript:alert(1)', 'linkHttps'],
      ['pay.example.com', 'linkUrl'],
      ['https://ann:pw@pay.example.com', 'linkCredentials'],
      ['https://ada:pw@pay.example.com', 'linkCredentials'],
      ['https://localhost/x', 'linkHost'],
    ]) {
      expect(checkHandle('link', v!), v).toEqual({ problem });
      expect(precheckHandle('link', v!), v).toEqual({ problem });
    }
  });
  it('a link whose stored form is over 1000 characters: refused on the server only', () => {
    const long = `https://pay.example.com/${'é'.repeat(200)}`;
    expect(long.length).toBeLessThan(500);
    expect(checkHandle('link', long)).toEqual({ problem: 'linkTooLong' });
    expect(precheckHandle('link', long)).toEqual({ value: expect.stringMatching(/^https:/) });
  });
});
