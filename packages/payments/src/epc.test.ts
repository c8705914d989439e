import { describe, expect, it } from 'vitest';
import { EPC_MAX_BYTES, epcPayload } from './epc.js';

describe('epcPayload', () => {
  it('reproduces the published version 002 example (no BIC, EUR 20, unstructured remittance)', () => {
    // segno's documentation example written with character set 1 (docs/payments.md).
    expect(
      epcPayload({
        name: 'Wikimedia Foerdergesellschaft',
        iban: 'DE33100205000001194700',
        amount: '20',
        remittance: 'Spende fuer Wikipedia',
      }),
    ).toBe(
      'BCD\n002\n1\nSCT\n\nWikimedia Foerdergesellschaft\nDE33100205000001194700\nEUR20\n\n\nSpende fuer Wikipedia',
    );
  });

  it('writes the BIC when given, two decimals as given, and drops trailing empty lines', () => {
    expect(
      epcPayload({
        name: 'Red Cross of Belgium',
        iban: 'BE72000000001616',
        bic: 'BPOTBEB1',
        amount: '12.34',
      }),
    ).toBe('BCD\n002\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR12.34');
  });

  it('keeps UTF-8 text, cuts the name to 70 and the remittance to 140 characters', () => {
    const p = epcPayload({
      name: `Zoë ${'x'.repeat(80)}`,
      iban: 'DE89370400440532013000',
      amount: '1.50',
      remittance: `Outing Café ${'y'.repeat(200)}`,
    });
    const lines = p.split('\n');
    expect(lines).toHaveLength(11);
    expect(Array.from(lines[5]!)).toHaveLength(70);
    expect(lines[5]!.startsWith('Zoë ')).toBe(true);
    expect(Array.from(lines[10]!)).toHaveLength(140);
    expect(lines[8]).toBe('');
    expect(lines[9]).toBe('');
    expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(EPC_MAX_BYTES);
  });

  it('stays within 331 bytes with multi-byte text, cutting the remittance', () => {
    const p = epcPayload({
      name: '漢'.repeat(70),
      iban: 'DE89370400440532013000',
      amount: '999999999.99',
      remittance: '字'.repeat(140),
    });
    expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(EPC_MAX_BYTES);
    expect(p.split('\n')[10]!.length).toBeGreaterThan(0);
    expect(p).not.toContain('\r');
  });

  it('refuses amounts out of range or in the wrong form, a missing name and a non-electronic IBAN', () => {
    const base = { name: 'A', iban: 'DE89370400440532013000', amount: '1.00' };
    for (const amount of ['0.00', '0', '1000000000.00', '1,00', '1.234', 'EUR1'])
      expect(() => epcPayload({ ...base, amount })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, name: '  ' })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, iban: 'DE89 3704 0044 0532 0130 00' })).toThrow(RangeError);
    expect(() => epcPayload({ ...base, bic: 'BPOT' })).toThrow(RangeError);
  });

  it('carries no line break or control character of a field: the issue 32 name keeps the IBAN and amount lines', () => {
    const p = epcPayload({
      name: 'Bob\nDE02120300000000202051\nEUR950.00\n\n\nrefund',
      iban: 'DE89370400440532013000',
      amount: '10.00',
      remittance: 'Outing Fri\r\nday\rBCD\u2028x\u0085y\u000b\u000cz\u001b[0m',
    });
    expect(p.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Bob DE02120300000000202051 EUR950.00 refund',
      'DE89370400440532013000',
      'EUR10.00',
      '',
      '',
      'Outing Fri day BCD x y z [0m',
    ]);
  });

  it('drops bidi overrides and zero-width characters from the name, and refuses a name of nothing else', () => {
    const base = { iban: 'DE89370400440532013000', amount: '1.00' };
    expect(epcPayload({ ...base, name: '\u202eecilA\u202c B\u200bo\ufeffb' }).split('\n')[5]).toBe(
      'ecilA Bob',
    );
    expect(() => epcPayload({ ...base, name: '\n\u200b\u0007' })).toThrow(RangeError);
  });
});
