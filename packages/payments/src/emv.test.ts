import { describe, expect, it } from 'vitest';
import { crc16ccittFalse, payNowPayload, tlv, withCrc } from './emv.js';

/** Published PayNow payloads (docs/payments.md lists where each comes from); their CRCs were recomputed. */
const QRYPTAL =
  '00020101021226490009SG.PAYNOW010120210201101550Z03010040820201127520400005303702540550.005802SG5907Qryptal6009Singapore62060102AJ630488E9';
const STATIC_MOBILE =
  '00020101021126380009SG.PAYNOW010100211+6584554295030115204000053037025802SG5902NA6009SINGAPORE630416D8';
const FOMO_PAY =
  '00020101021226580009SG.PAYNOW010120213201543956D0020301004142023072110381952045999530370254042.005802SG5918FOMO PAY PTE. LTD.6009SINGAPORE62260122QY0301202307210889914163049FDD';

describe('CRC-16/CCITT-FALSE', () => {
  it('has the standard check value', () => {
    expect(crc16ccittFalse('123456789')).toBe('29B1');
  });

  it('matches the CRC of every published payload, computed over everything up to "6304"', () => {
    for (const p of [QRYPTAL, STATIC_MOBILE, FOMO_PAY]) {
      expect(crc16ccittFalse(p.slice(0, -4))).toBe(p.slice(-4));
      expect(withCrc(p.slice(0, -8))).toBe(p);
    }
  });

  it('writes four uppercase hex digits, zero-padded', () => {
    // The first of x0, x1, … whose CRC is below 0x100: it must still be written with four digits.
    let i = 0;
    while (crc16ccittFalse(`x${i}`) > '00FF') i++;
    expect(crc16ccittFalse(`x${i}`)).toMatch(/^00[0-9A-F]{2}$/);
  });
});

describe('tlv', () => {
  it('writes the id, a two-digit length and the value', () => {
    expect(tlv('59', 'Qryptal')).toBe('5907Qryptal');
    expect(tlv('00', 'SG.PAYNOW')).toBe('0009SG.PAYNOW');
  });
  it('refuses empty values and values over 99 characters', () => {
    expect(() => tlv('59', '')).toThrow(RangeError);
    expect(() => tlv('59', 'x'.repeat(100))).toThrow(RangeError);
    expect(tlv('59', 'x'.repeat(99))).toMatch(/^5999x{99}$/);
  });
});

describe('payNowPayload', () => {
  it('reproduces the published UEN example (amount 50.00, not editable, expiry, reference AJ)', () => {
    expect(
      payNowPayload({
        proxy: '201101550Z',
        proxyType: 'uen',
        amount: '50.00',
        editable: false,
        expiry: '20201127',
        merchantName: 'Qryptal',
        reference: 'AJ',
      }),
    ).toBe(QRYPTAL);
  });

  it('reproduces the published static mobile example (no amount, editable)', () => {
    expect(
      payNowPayload({
        proxy: '+6584554295',
        proxyType: 'mobile',
        editable: true,
        merchantName: 'NA',
        merchantCity: 'SINGAPORE',
      }),
    ).toBe(STATIC_MOBILE);
  });

  it('reproduces the published merchant example (MCC 5999, 14-digit expiry, UEN with suffix)', () => {
    expect(
      payNowPayload({
        proxy: '201543956D002',
        proxyType: 'uen',
        amount: '2.00',
        editable: false,
        expiry: '20230721103819',
        merchantName: 'FOMO PAY PTE. LTD.',
        merchantCity: 'SINGAPORE',
        reference: 'QY03012023072108899141',
        categoryCode: '5999',
      }),
    ).toBe(FOMO_PAY);
  });

  it('makes name and reference ASCII and cuts them to 25 characters', () => {
    const p = payNowPayload({
      proxy: '+6591234567',
      proxyType: 'mobile',
      amount: '12.34',
      editable: false,
      merchantName: 'Zoë Tan-Müller and her very long name',
      reference: 'Outing Café crème at the Marina Bay Sands',
    });
    expect(p).toContain('5925Zoe Tan-Muller and her ve6009');
    expect(p).toContain('62280124Outing Cafe creme at the6304');
    expect(p).toContain('540512.34');
    expect(p).toContain('01010' + '0211+6591234567' + '03010');
    expect(p).toMatch(/^[\x20-\x7e]+$/);
    expect(crc16ccittFalse(p.slice(0, -4))).toBe(p.slice(-4));
  });

  it('refuses an amount that is not digits with at most two decimals', () => {
    for (const amount of ['12.345', '1,00', '-1', '1e3', ''])
      expect(() =>
        payNowPayload({
          proxy: '+6591234567',
          proxyType: 'mobile',
          amount,
          editable: false,
          merchantName: 'A',
        }),
      ).toThrow(RangeError);
  });

  it('writes no control, bidi or zero-width character of a name or reference, and checks the proxy', () => {
    const p = payNowPayload({
      proxy: '+6591234567',
      proxyType: 'mobile',
      amount: '10.00',
      editable: false,
      merchantName: 'Bob\u202e\u200b\r\n\u0007X\tY',
      reference: 'Outing Fri\nday\u2028\u0085',
    });
    expect(p).toContain('5907Bob X Y6009');
    expect(p).toContain('62180114Outing Fri day6304');
    expect(p).toMatch(/^[\x20-\x7e]+$/);
    for (const proxy of ['+6591234567\n5405950.00', '201101550Z\r'])
      expect(() =>
        payNowPayload({ proxy, proxyType: 'uen', amount: '1.00', editable: false, merchantName: 'A' }),
      ).toThrow(RangeError);
  });
});
