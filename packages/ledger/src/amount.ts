/** Largest amount one bill may carry, in major units of any currency (docs/api/README.md#currency). */
export const MAX_MAJOR = 1_000_000;

export class AmountError extends Error {
  override name = 'AmountError';
}

/** The cap in minor units: 1,000,000 × 10^exponent (100,000,000 cents, 1,000,000 yen, 1,000,000,000 fils). */
export function maxMinor(exponent: number): number {
  checkExponent(exponent);
  return MAX_MAJOR * 10 ** exponent;
}

/** What a person is told when they typed more decimals than the currency has. */
export function decimalsMessage(exponent: number): string {
  if (exponent === 0) return 'Amount cannot have decimals';
  return `Amount can have at most ${exponent} decimal${exponent === 1 ? '' : 's'}`;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A user's amount as exact integer minor units, without floating-point arithmetic: the number's shortest
 * decimal text (what JSON carried) is read digit by digit. With exponent 2, `0.29` → 29 and `19.99` → 1999;
 * with 0, `500` → 500 and `12.5` is refused; with 3, `1.25` → 1250. NaN, negatives, zero, more decimals than the
 * currency has, exponents (`1e-7`) and amounts above 1,000,000 are errors with a message a person can act on.
 */
export function parseMinor(input: unknown, exponent: number): number {
  checkExponent(exponent);
  if (input === undefined || input === null || input === '') throw new AmountError('amount is required');
  if (typeof input !== 'number' && typeof input !== 'string')
    throw new AmountError('Amount must be a number');
  if (typeof input === 'number' && !Number.isFinite(input)) throw new AmountError('Amount must be a number');
  if (typeof input === 'number' && input > MAX_MAJOR)
    throw new AmountError('Amount must be at most 1,000,000');
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text.startsWith('-')) throw new AmountError('Amount must be greater than 0');
  // JavaScript writes tiny numbers with an exponent (1e-7): always more decimals than any currency has.
  if (/^\d+(\.\d+)?e/i.test(text)) throw new AmountError(decimalsMessage(exponent));
  const m = DECIMAL.exec(text);
  if (!m) throw new AmountError('Amount must be a number');
  const fraction = m[2] ?? '';
  if (fraction.length > exponent) throw new AmountError(decimalsMessage(exponent));
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  if (whole.length > 7) throw new AmountError('Amount must be at most 1,000,000');
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  if (minor <= 0) throw new AmountError('Amount must be greater than 0');
  if (minor > maxMinor(exponent)) throw new AmountError('Amount must be at most 1,000,000');
  return minor;
}

/** Integer minor units as fixed decimal text: (1250, 2) → "12.50", (1250, 3) → "1.250", (5, 0) → "5". */
export function formatMinor(minor: number, exponent: number): string {
  checkExponent(exponent);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Minor units as the JSON number of the contract (major units, at most `exponent` decimals): (1250, 2) → 12.5. */
export function minorToAmount(minor: number, exponent: number): number {
  return Number(formatMinor(minor, exponent));
}

function checkExponent(exponent: number): void {
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > 3)
    throw new RangeError(`a currency exponent is 0 to 3, not ${exponent}`);
}
