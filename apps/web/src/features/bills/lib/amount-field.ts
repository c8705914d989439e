import { AmountError, parseAmount } from '@outing/ledger';

export const AMOUNT_NOT_A_NUMBER = 'Amount must be a number';

/**
 * The amount field's problem, in the ledger's words ('amount is required', 'Amount must be greater than 0',
 * 'Amount can have at most 2 decimals', 'Amount must be at most 1,000,000'), or null when it is fine. `badInput`
 * is the number input's own verdict: the browser reports text it cannot read as a number as an empty value.
 */
export function amountProblem(value: string, badInput = false): string | null {
  if (badInput) return AMOUNT_NOT_A_NUMBER;
  try {
    parseAmount(value);
    return null;
  } catch (error) {
    if (error instanceof AmountError) return error.message;
    throw error;
  }
}

/** The amount's cents, or null while it is not a valid amount. */
export function amountCents(value: string): number | null {
  try {
    return parseAmount(value);
  } catch {
    return null;
  }
}
