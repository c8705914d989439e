import { AmountError, minorToAmount, parseMinor, SplitError, type SplitSpec } from '@outing/ledger';
import type { Split, SplitInput } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';

/**
 * The split of a request (major units, percents) as the ledger's integers (minor units, basis points), and back.
 * Amounts with more decimals than the room's currency has are a 400 on the field that carries them.
 */
export function toSpec(split: SplitInput, exponent: number): SplitSpec {
  const minor = (value: number, path: string) => amountOrBadRequest(value, exponent, path);
  const bp = (percent: number) => Math.round(percent * 100);
  switch (split.mode) {
    case 'equal':
      return { mode: 'equal', userIds: split.userIds };
    case 'exact':
      return {
        mode: 'exact',
        amounts: split.amounts.map((a, i) => ({
          userId: a.userId,
          minor: a.amount === 0 ? 0 : minor(a.amount, `split.amounts.${i}.amount`),
        })),
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
        items: split.items.map((item, i) => ({
          name: item.name,
          minor: minor(item.amount, `split.items.${i}.amount`),
          userIds: item.userIds,
        })),
        charges: split.charges.map((c) => ({ name: c.name, basisPoints: bp(c.percent) })),
      };
  }
}

/** The stored split as a bill answers it; `charges` carry each charge as it was rounded. */
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

/** Every user a split names. */
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
      return [...new Set(spec.items.flatMap((i) => i.userIds))];
  }
}

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
