/** Largest amount one bill may carry: 1,000,000.00 (api-contract §2). */
export const MAX_AMOUNT_CENTS = 100_000_000;

export class AmountError extends Error {
  override name = 'AmountError';
}

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A user's amount as exact integer cents, without floating-point arithmetic: the number's shortest decimal
 * text (what JSON carried) is read digit by digit. `0.29` → 29, `19.99` → 1999; NaN, negatives, zero, three
 * decimals, exponents (`1e-7`) and amounts above 1,000,000 are errors with a message a person can act on.
 */
export function parseAmount(input: unknown): number {
  if (input === undefined || input === null || input === '') throw new AmountError('amount is required');
  if (typeof input !== 'number' && typeof input !== 'string')
    throw new AmountError('Amount must be a number');
  if (typeof input === 'number' && !Number.isFinite(input)) throw new AmountError('Amount must be a number');
  if (typeof input === 'number' && input > MAX_AMOUNT_CENTS / 100)
    throw new AmountError('Amount must be at most 1,000,000');
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text.startsWith('-')) throw new AmountError('Amount must be greater than 0');
  if (/e/i.test(text)) throw new AmountError('Amount can have at most 2 decimals');
  const m = DECIMAL.exec(text);
  if (!m) {
    if (/^\d+\.\d{3,}$/.test(text)) throw new AmountError('Amount can have at most 2 decimals');
    throw new AmountError('Amount must be a number');
  }
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  if (whole.length > 7) throw new AmountError('Amount must be at most 1,000,000');
  const cents = Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) throw new AmountError('Amount must be greater than 0');
  if (cents > MAX_AMOUNT_CENTS) throw new AmountError('Amount must be at most 1,000,000');
  return cents;
}

/** Integer cents as a fixed two-decimal string: 1250 → "12.50". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the JSON number of the contract (at most 2 decimals): 1250 → 12.5. */
export function centsToAmount(cents: number): number {
  return Number(formatCents(cents));
}
