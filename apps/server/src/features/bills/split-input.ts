import {
  AmountError,
  parseMinor,
  SplitError,
  specFromJson,
  specToBillJson,
  specUserIds,
  type BillSplitSpec,
  type SplitSpec,
} from '@outing/ledger';
import type { Split, SplitInput } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';

/** The split of a request (major units, percents) as the ledger's integers; a bad amount is a 400 on its field. */
export function toSpec(split: SplitInput, exponent: number): SplitSpec {
  return splitOrBadRequest(() => specFromJson(split, exponent));
}

/**
 * The stored split as a bill answers it; `charges` carry each charge as it was rounded (a fixed charge answers its
 * `amount` only). A stored split names people, never "all" (resolved when the bill was saved, real-bill.ts).
 */
export function fromSpec(spec: BillSplitSpec, exponent: number, charges?: { minor: number }[]): Split {
  return specToBillJson(spec, exponent, charges) as Split;
}

export { specUserIds };

export function amountOrBadRequest(value: unknown, exponent: number, path = 'amount'): number {
  try {
    return parseMinor(value, exponent);
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, [{ path, message: err.message }]);
    throw err;
  }
}

/** Runs a ledger computation, turning its SplitError into a 400 on the named field. */
export function splitOrBadRequest<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof SplitError) throw badRequest(err.message, [{ path: err.path, message: err.message }]);
    throw err;
  }
}
