import { describe, expect, it } from 'vitest';
import { inSentence } from './money-labels';

// "By items, with service, voucher and GST": a charge's name mid-sentence.
describe('inSentence', () => {
  it('lowers capitalised words and keeps words written in capitals', () => {
    expect(inSentence('Service')).toBe('service');
    expect(inSentence('Service Charge')).toBe('service charge');
    expect(inSentence('GST')).toBe('GST');
    expect(inSentence('VAT 20%')).toBe('VAT 20%');
    expect(inSentence('A')).toBe('a');
    expect(inSentence('服务费')).toBe('服务费');
  });
});
