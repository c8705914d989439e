import type { Split, SplitInput } from '@outing/contract';
import { computeSplit, currencyExponent, minorToAmount, parseMinor, type SplitSpec } from '@outing/ledger';

// The bills mock's splits (api-contract §10.2): a request's split (major units, percents) as the ledger's integers
// and back, as the server's features/bills/split-input.ts does, so the mock's shares equal the server's.

export function toSpec(split: SplitInput, exponent: number): SplitSpec {
  const minor = (value: number) => (value === 0 ? 0 : parseMinor(value, exponent));
  const bp = (percent: number) => Math.round(percent * 100);
  switch (split.mode) {
    case 'equal':
      return { mode: 'equal', userIds: split.userIds };
    case 'exact':
      return {
        mode: 'exact',
        amounts: split.amounts.map((a) => ({ userId: a.userId, minor: minor(a.amount) })),
      };
    case 'shares':
      return { mode: 'shares', shares: split.shares };
    case 'percent':
      return {
        mode: 'percent',
        percents: split.percents.map((p) => ({ userId: p.userId, basisPoints: bp(p.percent) })),
      };
    case 'items':
      return {
        mode: 'items',
        items: split.items.map((i) => ({ name: i.name, minor: minor(i.amount), userIds: i.userIds })),
        charges: (split.charges ?? []).map((c) => ({ name: c.name, basisPoints: bp(c.percent) })),
      };
  }
}

export function fromSpec(spec: SplitSpec, exponent: number, charges?: { minor: number }[]): Split {
  const amount = (m: number) => minorToAmount(m, exponent);
  switch (spec.mode) {
    case 'equal':
      return { mode: 'equal', userIds: spec.userIds };
    case 'exact':
      return {
        mode: 'exact',
        amounts: spec.amounts.map((a) => ({ userId: a.userId, amount: amount(a.minor) })),
      };
    case 'shares':
      return { mode: 'shares', shares: spec.shares };
    case 'percent':
      return {
        mode: 'percent',
        percents: spec.percents.map((p) => ({ userId: p.userId, percent: p.basisPoints / 100 })),
      };
    case 'items':
      return {
        mode: 'items',
        items: spec.items.map((i) => ({ name: i.name, amount: amount(i.minor), userIds: i.userIds })),
        charges: spec.charges.map((c, i) => ({
          name: c.name,
          percent: c.basisPoints / 100,
          ...(charges?.[i] ? { amount: amount(charges[i].minor) } : {}),
        })),
      };
  }
}

export function specUserIds(spec: SplitSpec): number[] {
  switch (spec.mode) {
    case 'equal':
      return spec.userIds;
    case 'exact':
      return spec.amounts.map((a) => a.userId);
    case 'shares':
      return spec.shares.map((s) => s.userId);
    case 'percent':
      return spec.percents.map((p) => p.userId);
    case 'items':
      return spec.items.flatMap((i) => i.userIds);
  }
}

/** A stored bill's split computed: total, shares (minor units) and the rounded charges. */
export function splitOf(bill: { id: number; totalMinor?: number; spec: SplitSpec; currency: string }) {
  return computeSplit({
    billId: bill.id,
    total: bill.spec.mode === 'items' ? undefined : bill.totalMinor,
    exponent: currencyExponent(bill.currency),
    split: bill.spec,
  });
}
