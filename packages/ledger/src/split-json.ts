import { AmountError, minorToAmount, parseMinor } from './amount.js';
import { SplitError, type BillSplitSpec, type SplitSpec } from './split-input.js';

/**
 * A split as it travels in JSON (docs/api/README.md#splitting): amounts in major units of the room's currency, percents with
 * at most 2 decimals. The same shape as the contract's `Split`, written out here so that the ledger needs no other
 * package. An itemised bill's answer also carries each charge as it was rounded (`amount`).
 */
export type SplitJson =
  | { mode: 'equal'; userIds: number[] }
  | { mode: 'exact'; amounts: { userId: number; amount: number }[] }
  | { mode: 'shares'; shares: { userId: number; shares: number }[] }
  | { mode: 'percent'; percents: { userId: number; percent: number }[] }
  | {
      mode: 'items';
      items: { name: string; amount: number; userIds: number[]; quantity?: number }[];
      charges: { name: string; percent: number; amount?: number }[];
    };

/**
 * A split as a request may carry it with the real-bills additions (docs/api/README.md#splitting): an item's
 * `quantity` and `userIds: "all"`, and a charge of a fixed `amount` instead of a `percent` (either may be negative).
 * A charge with a `percent` is a percent charge; an `amount` beside it is the rounded amount a bill answers.
 */
export type SplitJsonInput =
  | Exclude<SplitJson, { mode: 'items' }>
  | {
      mode: 'items';
      items: { name: string; amount: number; userIds: number[] | 'all'; quantity?: number }[];
      charges?: (
        | { name: string; percent: number; amount?: number }
        | { name: string; amount: number; percent?: undefined }
      )[];
    };

/** A split as a real bill answers it: `SplitJsonInput` with each charge's rounded `amount`. */
export type BillSplitJson = SplitJsonInput;

/** A percent with at most 2 decimals as basis points, exactly (`12.5` → 1250). */
const basisPoints = (percent: number) => Math.round(percent * 100);

/**
 * The JSON split in the ledger's integers, for `computeSplit`. An amount with more decimals than the currency has
 * is a SplitError on the field that carries it (`split.items.2.amount`); everything else is checked by
 * `computeSplit`. The real-bills additions that `computeSplit` does not take (an item for everyone, a fixed charge)
 * are a SplitError on their field: they are `billSpecFromJson`'s, for `computeBill`.
 */
export function specFromJson(split: SplitJsonInput, exponent: number): SplitSpec {
  const spec = billSpecFromJson(split, exponent);
  if (spec.mode !== 'items') return spec;
  spec.items.forEach((item, i) => {
    if (item.userIds === 'all')
      throw new SplitError(`split.items.${i}.userIds`, `Choose the people who had “${item.name.trim()}”`);
  });
  spec.charges.forEach((charge, i) => {
    if (charge.basisPoints === undefined)
      throw new SplitError(`split.charges.${i}.percent`, 'Give each charge as a percent');
  });
  return spec as SplitSpec;
}

/** The JSON split of a real bill in the ledger's integers (quantities, `"all"`, fixed and negative charges). */
export function billSpecFromJson(split: SplitJsonInput, exponent: number): BillSplitSpec {
  const minor = (value: number, path: string): number => {
    if (value === 0) return 0;
    try {
      return parseMinor(value, exponent);
    } catch (err) {
      if (err instanceof AmountError) throw new SplitError(path, err.message);
      throw err;
    }
  };
  // A fixed charge may be negative (a voucher): its size is read as any amount.
  const signed = (value: number, path: string): number =>
    typeof value === 'number' && value < 0 ? -minor(-value, path) : minor(value, path);
  switch (split.mode) {
    case 'equal':
      return { mode: 'equal', userIds: split.userIds };
    case 'exact':
      return {
        mode: 'exact',
        amounts: split.amounts.map((a, i) => ({
          userId: a.userId,
          minor: minor(a.amount, `split.amounts.${i}.amount`),
        })),
      };
    case 'shares':
      return { mode: 'shares', shares: split.shares };
    case 'percent':
      return {
        mode: 'percent',
        percents: split.percents.map((p) => ({ userId: p.userId, basisPoints: basisPoints(p.percent) })),
      };
    case 'items':
      return {
        mode: 'items',
        items: split.items.map((item, i) => ({
          name: item.name,
          minor: minor(item.amount, `split.items.${i}.amount`),
          userIds: item.userIds,
          ...(item.quantity !== undefined ? { quantity: item.quantity } : {}),
        })),
        charges: (split.charges ?? []).map((c, i) =>
          c.percent !== undefined
            ? { name: c.name, basisPoints: basisPoints(c.percent) }
            : { name: c.name, minor: signed(c.amount, `split.charges.${i}.amount`) },
        ),
      };
  }
}

/** The ledger's split back in JSON; `charges` give an itemised bill's charges as they were rounded. */
export function specToJson(spec: SplitSpec, exponent: number, charges?: { minor: number }[]): SplitJson {
  return specToBillJson(spec, exponent, charges) as SplitJson;
}

/** Any split, the real-bills additions included, in JSON (quantities, `"all"`, fixed and negative charges). */
export function specToBillJson(
  spec: BillSplitSpec,
  exponent: number,
  charges?: { minor: number }[],
): BillSplitJson {
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
        items: spec.items.map((i) => ({
          name: i.name,
          amount: amount(i.minor),
          userIds: i.userIds,
          ...(i.quantity !== undefined ? { quantity: i.quantity } : {}),
        })),
        charges: spec.charges.map((c, i) =>
          c.basisPoints !== undefined
            ? {
                name: c.name,
                percent: c.basisPoints / 100,
                ...(charges?.[i] ? { amount: amount(charges[i].minor) } : {}),
              }
            : { name: c.name, amount: amount(c.minor) },
        ),
      };
  }
}

/** Everyone a split names, once each (an item for `"all"` names nobody: it is every member). */
export function specUserIds(spec: BillSplitSpec): number[] {
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
      return [...new Set(spec.items.flatMap((i) => (i.userIds === 'all' ? [] : i.userIds)))];
  }
}
