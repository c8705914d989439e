import { decimalsMessage, formatMinor, maxMinor } from './amount.js';

/** A split as the API sends it (docs/api/README.md#splitting), with amounts already in minor units and percents in basis points. */
export type SplitSpec =
  | { mode: 'equal'; userIds: number[] }
  | { mode: 'exact'; amounts: { userId: number; minor: number }[] }
  | { mode: 'shares'; shares: { userId: number; shares: number }[] } // integer weights >= 0
  | { mode: 'percent'; percents: { userId: number; basisPoints: number }[] } // percent × 100, 0..10000
  | {
      mode: 'items';
      items: { name: string; minor: number; userIds: number[]; quantity?: number }[];
      charges: { name: string; basisPoints: number }[]; // percent × 100, 0..10000, applied in order
    };

/**
 * A real bill's split (`computeBill`, docs/money.md "Real bills"): `SplitSpec` whose items may be for `'all'` and
 * whose charges may be fixed amounts, and negative. Every `SplitSpec` is one.
 */
export type BillSplitSpec =
  | Exclude<SplitSpec, { mode: 'items' }>
  | {
      mode: 'items';
      items: ItemSpec[];
      charges: ChargeSpec[]; // applied in order
    };

/**
 * One line of a receipt. `minor` is the line's total; `quantity` (docs/api/README.md#splitting, real bills) is only
 * what the receipt shows (3 beers) and changes no arithmetic. `userIds: 'all'` is everyone in the room when the bill
 * is saved: `computeBill` resolves it from its `members` (`computeSplit`, the first items mode, does not take it).
 */
export type ItemSpec = { name: string; minor: number; userIds: number[] | 'all'; quantity?: number };

/**
 * A charge: a percent (basis points, percent × 100) of the running total, or a fixed amount in minor units of the
 * bill's currency. A stored percent charge may also carry its rounded `minor`, which is then only a record: a
 * charge with `basisPoints` is a percent charge. Fixed and negative charges (a discount, a voucher) are
 * `computeBill`'s; `computeSplit` keeps the first rule, percents from 0 to 100.
 */
export type ChargeSpec =
  | { name: string; basisPoints: number; minor?: number }
  | { name: string; minor: number; basisPoints?: undefined };

export type SplitMode = SplitSpec['mode'];

export const MAX_PARTICIPANTS = 50;
export const MAX_ITEMS = 100;
export const MAX_CHARGES = 10;
export const MAX_SHARE_WEIGHT = 1_000_000;
export const MAX_ITEM_NAME = 60;
export const MAX_CHARGE_NAME = 40;
/** The largest quantity a receipt line may show. */
export const MAX_QUANTITY = 10_000;

/**
 * Input a person can fix: `path` names the field (`split.percents`, `split.items.2.userIds`, `amount`) and the
 * message says what to change. The server answers it as a 400.
 */
export class SplitError extends Error {
  override name = 'SplitError';
  path: string;
  constructor(path: string, message: string) {
    super(message);
    this.path = path;
  }
}

const EMPTY: Record<Exclude<SplitMode, 'items'>, string> = {
  equal: 'Choose at least one person to split with',
  exact: 'Give at least one person an amount',
  shares: 'Give at least one person a share',
  percent: 'Give at least one person a percentage',
};

/**
 * The participants of a per-person list, checked: not empty, at most 50, each a user id, nobody twice. Returns
 * the list's indexes in ascending user-id order, the order every split works in.
 */
export function checkPeople(
  ids: readonly unknown[],
  path: string,
  idPath: (i: number) => string,
  emptyMessage: string,
  where = '',
): number[] {
  if (!Array.isArray(ids) || ids.length === 0) throw new SplitError(path, emptyMessage);
  if (ids.length > MAX_PARTICIPANTS)
    throw new SplitError(path, `A bill can be split among at most ${MAX_PARTICIPANTS} people`);
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
      throw new SplitError(idPath(i), 'Each person must be given by their user id');
    if (seen.has(id)) throw new SplitError(idPath(i), `Each person can appear only once${where}`);
    seen.add(id);
  });
  return ids.map((_, i) => i).sort((a, b) => (ids[a] as number) - (ids[b] as number));
}

export function emptyMessage(mode: Exclude<SplitMode, 'items'>): string {
  return EMPTY[mode];
}

/** A bill's amount in minor units: a whole number above 0 and within the 1,000,000 cap. */
export function checkTotal(total: unknown, exponent: number, path = 'amount'): number {
  if (total === undefined || total === null) throw new SplitError(path, 'amount is required');
  if (typeof total !== 'number' || !Number.isFinite(total))
    throw new SplitError(path, 'Amount must be a number');
  if (!Number.isInteger(total)) throw new SplitError(path, decimalsMessage(exponent));
  if (total <= 0) throw new SplitError(path, 'Amount must be greater than 0');
  if (total > maxMinor(exponent)) throw new SplitError(path, 'Amount must be at most 1,000,000');
  return total;
}

/** One exact-mode amount: like a total, but 0 is allowed (that person pays nothing). */
export function checkPart(minor: unknown, exponent: number, path: string): number {
  if (typeof minor !== 'number' || !Number.isFinite(minor))
    throw new SplitError(path, 'Amount must be a number');
  if (!Number.isInteger(minor)) throw new SplitError(path, decimalsMessage(exponent));
  if (minor < 0) throw new SplitError(path, 'Amounts cannot be negative');
  if (minor > maxMinor(exponent)) throw new SplitError(path, 'Amount must be at most 1,000,000');
  return minor;
}

/** A percentage in basis points (12.5% = 1250): a whole number from 0 to 10000. */
export function checkBasisPoints(bp: unknown, path: string, what = 'Percentages'): number {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) throw new SplitError(path, `${what} must be numbers`);
  if (bp < 0 || bp > 10_000) throw new SplitError(path, `${what} must be between 0 and 100`);
  if (!Number.isInteger(bp)) throw new SplitError(path, `${what} can have at most 2 decimals`);
  return bp;
}

export function checkWeight(w: unknown, path: string): number {
  if (typeof w !== 'number' || !Number.isSafeInteger(w) || w < 0 || w > MAX_SHARE_WEIGHT)
    throw new SplitError(path, 'Shares must be whole numbers from 0 to 1,000,000');
  return w;
}

export function checkName(name: unknown, path: string, what: 'item' | 'charge'): string {
  const max = what === 'item' ? MAX_ITEM_NAME : MAX_CHARGE_NAME;
  if (typeof name !== 'string' || name.trim().length === 0 || name.trim().length > max)
    throw new SplitError(path, `Each ${what} needs a name of 1 to ${max} characters`);
  return name;
}

/** Basis points as a person writes the percentage: 9950 → "99.5", 10000 → "100", 3333 → "33.33". */
export function formatPercent(basisPoints: number): string {
  return formatMinor(basisPoints, 2).replace(/\.?0+$/, '');
}

/** A charge of a real bill in basis points: a whole number from -10000 (−100%, a discount) to 10000. */
export function checkSignedBasisPoints(bp: unknown, path: string): number {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) throw new SplitError(path, 'Charges must be numbers');
  if (bp < -10_000 || bp > 10_000) throw new SplitError(path, 'Charges must be between -100 and 100');
  if (!Number.isInteger(bp)) throw new SplitError(path, 'Charges can have at most 2 decimals');
  return bp;
}

/** A fixed charge in minor units: whole, negative for a voucher, at most the cap either way. */
export function checkSignedMinor(minor: unknown, exponent: number, path: string): number {
  if (typeof minor !== 'number' || !Number.isFinite(minor))
    throw new SplitError(path, 'Amount must be a number');
  if (!Number.isInteger(minor)) throw new SplitError(path, decimalsMessage(exponent));
  if (Math.abs(minor) > maxMinor(exponent))
    throw new SplitError(path, 'Amount must be between -1,000,000 and 1,000,000');
  return minor;
}

/** A receipt line's quantity, when it has one: a whole number from 1 to MAX_QUANTITY. */
export function checkQuantity(quantity: unknown, path: string): void {
  if (quantity === undefined) return;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
    throw new SplitError(
      path,
      `Quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-US')}`,
    );
}
