import { AmountError, formatMinor, maxMinor, minorToAmount, parseMinor } from './amount.js';

// The two-decimal helpers of the first API (every amount in cents), kept for their callers: each is the
// exponent-2 case of the currency-aware functions in amount.ts.
export { AmountError };

/** Largest amount one bill may carry: 1,000,000.00 (docs/api/README.md#currency). */
export const MAX_AMOUNT_CENTS = maxMinor(2);

/** A user's amount as exact integer cents (see parseMinor): `0.29` → 29, `19.99` → 1999. */
export function parseAmount(input: unknown): number {
  return parseMinor(input, 2);
}

/** Integer cents as a fixed two-decimal string: 1250 → "12.50". */
export function formatCents(cents: number): string {
  return formatMinor(cents, 2);
}

/** Cents as the JSON number of the contract (at most 2 decimals): 1250 → 12.5. */
export function centsToAmount(cents: number): number {
  return minorToAmount(cents, 2);
}
