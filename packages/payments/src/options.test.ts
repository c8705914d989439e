import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@outing/contract';
import { crc16ccittFalse } from './emv.js';
import { paymentOptions, type Payment } from './options.js';

const methods: PaymentMethod[] = [
  { kind: 'paynow', value: '+6591234567' },
  { kind: 'paynow', value: '201101550Z', name: 'Qryptal' },
  { kind: 'iban', value: 'DE89370400440532013000', name: 'Ann Lee' },
  { kind: 'upi', value: 'ann@oksbi' },
  { kind: 'paypal', value: 'AnnLee' },
  { kind: 'revolut', value: 'annlee' },
  { kind: 'link', value: 'https://pay.example.com/ann' },
];
const pay = (currency: string, extra: Partial<Payment> = {}) =>
  paymentOptions({
    methods,
    amountMinor: 1234,
    currency,
    roomName: 'Café at the Marina',
    payeeName: 'ann',
    ...extra,
  });

describe('paymentOptions', () => {
  it('in SGD: PayNow QRs with the amount, not editable, and the reference; no EPC or UPI', () => {
    const options = pay('SGD');
    expect(options.map((o) => o.kind)).toEqual(['paynow', 'paynow', 'paypal', 'revolut', 'link']);
    const [mobile, uen] = options;
    expect(mobile!.payload).toBe(
      '00020101021226380009SG.PAYNOW010100211+659123456703010520400005303702540512.345802SG5903ann6009Singapore62290125Outing Cafe at the Marina' +
        mobile!.payload.slice(-8),
    );
    expect(mobile!.payload.slice(-8, -4)).toBe('6304');
    expect(crc16ccittFalse(mobile!.payload.slice(0, -4))).toBe(mobile!.payload.slice(-4));
    expect(uen!.payload).toContain('01012' + '0210201101550Z' + '03010');
    expect(uen!.payload).toContain('5907Qryptal');
    expect(mobile!.label).toBe('PayNow · +6591234567');
    expect(uen!.label).toBe('PayNow · Qryptal');
    expect(options[2]).toEqual({
      kind: 'paypal',
      label: 'PayPal · AnnLee',
      payload: 'https://paypal.me/AnnLee/12.34SGD',
    });
    expect(options[3]!.payload).toBe('https://revolut.me/annlee');
    expect(options[4]!.payload).toBe('https://pay.example.com/ann');
  });

  it('in EUR: an EPC QR to a SEPA IBAN, with the reference as remittance', () => {
    const options = pay('EUR');
    expect(options.map((o) => o.kind)).toEqual(['iban', 'paypal', 'revolut', 'link']);
    expect(options[0]).toEqual({
      kind: 'iban',
      label: 'Bank transfer (SEPA) · Ann Lee',
      payload: 'BCD\n002\n1\nSCT\n\nAnn Lee\nDE89370400440532013000\nEUR12.34\n\n\nOuting Café at the Marina',
    });
    const outside = paymentOptions({
      methods: [{ kind: 'iban', value: 'BR1800360305000010009795493C1', name: 'Ana' }],
      amountMinor: 100,
      currency: 'EUR',
      roomName: 'x',
      payeeName: 'ana',
    });
    expect(outside).toEqual([]);
  });

  it('in INR: a upi://pay link; elsewhere only the links, with the amount in the room’s exponent', () => {
    expect(pay('INR')[0]).toEqual({
      kind: 'upi',
      label: 'UPI · ann@oksbi',
      payload: 'upi://pay?pa=ann%40oksbi&pn=ann&am=12.34&cu=INR&tn=Outing%20Caf%C3%A9%20at%20the%20Marina',
    });
    expect(pay('JPY').map((o) => [o.kind, o.payload])).toEqual([
      ['paypal', 'https://paypal.me/AnnLee/1234JPY'],
      ['revolut', 'https://revolut.me/annlee'],
      ['link', 'https://pay.example.com/ann'],
    ]);
  });

  it('leaves out a stored handle a format cannot carry instead of failing the others', () => {
    const options = paymentOptions({
      methods: [
        { kind: 'paypal', value: 'not/valid' },
        { kind: 'revolut', value: 'annlee' },
      ],
      amountMinor: 500,
      currency: 'USD',
      roomName: 'x',
      payeeName: 'ann',
    });
    expect(options.map((o) => o.kind)).toEqual(['revolut']);
  });
});
