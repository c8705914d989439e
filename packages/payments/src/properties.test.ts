import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paymentKinds } from '@outing/contract';
import { crc16ccittFalse, payNowPayload, withCrc } from './emv.js';
import { EPC_MAX_BYTES, epcPayload } from './epc.js';
import { checkHandle, ibanChecksumOk, normaliseHandle, precheckHandle } from './handles.js';
import { utf8Bytes, utf8Length } from './text.js';
import { upiLink } from './upi.js';

/** Any text, lone surrogates, controls, bidi and zero-width characters included. */
const anyText = fc.string({ unit: 'binary', maxLength: 200 });
const amount = fc
  .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);

describe('UTF-8 without Buffer', () => {
  it('writes the bytes Buffer writes and counts them, for any string', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(utf8Bytes(text)).toEqual([...Buffer.from(text, 'utf8')]);
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 3000 },
    );
  });
});

/** CRC-16/CCITT-FALSE by a 256-entry table, over Node's own UTF-8: an independent implementation. */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
  return c;
});
const tableCrc = (text: string) => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8'))
    crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

/** Reads a run of EMV data objects (id, two-digit length in characters, value) back into [id, value] pairs. */
function readTlv(payload: string): [string, string][] {
  const chars = Array.from(payload);
  const out: [string, string][] = [];
  for (let i = 0; i < chars.length;) {
    const id = chars.slice(i, i + 2).join('');
    const length = Number(chars.slice(i + 2, i + 4).join(''));
    expect(id).toMatch(/^\d{2}$/);
    expect(Number.isInteger(length) && length > 0 && i + 4 + length <= chars.length).toBe(true);
    out.push([id, chars.slice(i + 4, i + 4 + length).join('')]);
    i += 4 + length;
  }
  return out;
}

describe('EMV (PayNow)', () => {
  it('the CRC is the table-driven CRC-16/CCITT-FALSE of the UTF-8 bytes, for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(crc16ccittFalse(text)).toBe(tableCrc(text));
        const sealed = withCrc(text);
        expect(sealed.slice(0, -4)).toBe(`${text}6304`);
        expect(sealed.slice(-4)).toBe(tableCrc(`${text}6304`));
      }),
      { numRuns: 3000 },
    );
  });

  it('a payload is printable ASCII, reads back field by field, and carries the amount and a valid CRC', () => {
    const proxy = fc.oneof(
      fc.stringMatching(/^\+65\d{8}$/).map((p) => ({ proxy: p, proxyType: 'mobile' as const })),
      fc.stringMatching(/^\d{8}[A-Z]$/).map((p) => ({ proxy: p, proxyType: 'uen' as const })),
    );
    fc.assert(
      fc.property(proxy, amount, anyText, anyText, fc.boolean(), (p, amt, name, reference, editable) => {
        const payload = payNowPayload({ ...p, amount: amt, editable, merchantName: name, reference });
        expect(payload).toMatch(/^[\x20-\x7e]+$/);
        const fields = new Map(readTlv(payload));
        expect(fields.get('54')).toBe(amt);
        expect(fields.get('53')).toBe('702');
        expect(Array.from(fields.get('59')!).length).toBeLessThanOrEqual(25);
        const account = new Map(readTlv(fields.get('26')!));
        expect(account.get('02')).toBe(p.proxy);
        expect(account.get('03')).toBe(editable ? '1' : '0');
        expect(readTlv(payload).at(-1)![0]).toBe('63');
        expect(crc16ccittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('EPC (SEPA)', () => {
  it('whatever the name and remittance hold: the EPC lines, the IBAN and amount where they belong, ≤ 331 bytes', () => {
    const name = anyText.filter((n) => /[\p{L}\p{N}]/u.test(n));
    fc.assert(
      fc.property(name, anyText, amount, (n, remittance, amt) => {
        fc.pre(Number(amt) >= 0.01);
        const p = epcPayload({ name: n, iban: 'DE89370400440532013000', amount: amt, remittance });
        const lines = p.split('\n');
        expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
        expect(lines[6]).toBe('DE89370400440532013000');
        expect(lines[7]).toBe(`EUR${amt}`);
        expect(lines.length).toBeLessThanOrEqual(11);
        expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(EPC_MAX_BYTES);
        // eslint-disable-next-line no-control-regex -- no control character but the line feeds of the format
        expect(p).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('UPI', () => {
  it('reads back to the VPA, the amount and INR, whatever the name and note hold', () => {
    const vpa = fc.stringMatching(/^[A-Za-z0-9._-]{1,20}@[A-Za-z][A-Za-z0-9.-]{1,10}$/);
    fc.assert(
      fc.property(vpa, amount, anyText, anyText, (v, amt, name, note) => {
        const link = upiLink({ vpa: v, name, amount: amt, note });
        expect(link.startsWith('upi://pay?pa=')).toBe(true);
        const params = new URLSearchParams(link.slice('upi://pay?'.length));
        expect(params.get('pa')).toBe(v);
        expect(params.get('am')).toBe(amt);
        expect(params.get('cu')).toBe('INR');
        expect(Array.from(params.get('pn')!).length).toBeLessThanOrEqual(50);
      }),
      { numRuns: 1500 },
    );
  });
});

/** The IBAN's digits as ISO 7064 reads them (A = 10 … Z = 35), after moving the first four characters to the end. */
const ibanNumber = (iban: string) =>
  BigInt((iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)));
const country = fc.stringMatching(/^[A-Z]{2}$/);
const bban = fc.stringMatching(/^[A-Z0-9]{8,30}$/);
/** An IBAN with its check digits computed (ISO 13616: 98 − the remainder of the IBAN with 00). */
const validIban = fc.tuple(country, bban).map(([cc, b]) => {
  const check = 98n - (ibanNumber(`${cc}00${b}`) % 97n);
  return `${cc}${String(check).padStart(2, '0')}${b}`;
});

describe('IBAN check digits (mod 97-10)', () => {
  it('an IBAN given its check digits passes, and before sending the check is exactly "remainder 1"', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(ibanChecksumOk(iban)).toBe(true);
        expect(precheckHandle('iban', iban)).toEqual({ value: iban });
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(country, fc.stringMatching(/^\d{2}$/), bban, (cc, digits, b) => {
        const iban = `${cc}${digits}${b}`;
        expect(ibanChecksumOk(iban)).toBe(ibanNumber(iban) % 97n === 1n);
      }),
      { numRuns: 3000 },
    );
  });

  it('any one character changed for another of its kind (digit for digit, letter for letter) is caught', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 25 }), (iban, at, by) => {
        const i = 2 + (at % (iban.length - 2));
        const c = iban[i]!;
        const changed = /\d/.test(c)
          ? String((Number(c) + (by % 9) + 1) % 10)
          : String.fromCharCode(65 + ((c.charCodeAt(0) - 65 + by) % 26));
        const wrong = `${iban.slice(0, i)}${changed}${iban.slice(i + 1)}`;
        expect(ibanChecksumOk(wrong)).toBe(false);
        expect(precheckHandle('iban', wrong)).toEqual({ problem: 'ibanChecksum' });
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the handle rule', () => {
  const raw = fc.oneof(
    anyText,
    fc.stringMatching(/^[+ \d-]{0,16}$/),
    fc.stringMatching(/^[ A-Za-z0-9]{0,34}$/),
    fc.stringMatching(/^@?[A-Za-z0-9._-]{0,30}(@[a-z]{0,8})?$/),
    fc.webUrl().map((u) => ` ${u}/`),
  );
  it('a stored value checks and normalises to itself, and the web’s check is never stricter than the server’s', () => {
    fc.assert(
      fc.property(fc.constantFrom(...paymentKinds), raw, (kind, text) => {
        const full = checkHandle(kind, text);
        const pre = precheckHandle(kind, text);
        if ('value' in full) {
          expect(checkHandle(kind, full.value)).toEqual(full);
          expect(normaliseHandle(kind, full.value)).toBe(full.value);
          // What the web app compares for a handle listed twice is what the server compares.
          expect(normaliseHandle(kind, text)).toBe(full.value);
          expect(pre).toEqual(full);
        }
        if ('problem' in pre) expect('problem' in full).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
