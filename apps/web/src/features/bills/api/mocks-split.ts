import type { Split, SplitInput } from '@outing/contract';
import {
  computeSplit,
  currencyExponent,
  specFromJson,
  specToJson,
  specUserIds,
  type SplitSpec,
} from '@outing/ledger';

// The bills mock's splits (docs/api/README.md#splitting): a request's split (major units, percents) as the ledger's integers
// and back with the ledger's own conversion, the server's, so the mock's shares equal the server's.

export const toSpec = (split: SplitInput, exponent: number): SplitSpec => specFromJson(split, exponent);
export const fromSpec = (spec: SplitSpec, exponent: number, charges?: { minor: number }[]): Split =>
  specToJson(spec, exponent, charges);
export { specUserIds };

/** A stored bill's split computed: total, shares (minor units) and the rounded charges. */
export function splitOf(bill: { id: number; totalMinor?: number; spec: SplitSpec; currency: string }) {
  return computeSplit({
    billId: bill.id,
    total: bill.spec.mode === 'items' ? undefined : bill.totalMinor,
    exponent: currencyExponent(bill.currency),
    split: bill.spec,
  });
}
