import { formatMinor, maxMinor } from './amount.js';
import { roundShares, type ExactShares } from './round.js';
import {
  MAX_CHARGES,
  MAX_ITEMS,
  MAX_PARTICIPANTS,
  SplitError,
  checkBasisPoints,
  checkName,
  checkPart,
  checkPeople,
  checkQuantity,
  checkSignedBasisPoints,
  checkSignedMinor,
  checkTotal,
  checkWeight,
  emptyMessage,
  formatPercent,
  type BillSplitSpec,
  type ItemSpec,
  type SplitSpec,
} from './split-input.js';

export type SplitResult = {
  /** The bill's amount in minor units (for items: the items plus the rounded charges). */
  total: number;
  /** Every participant listed (0 allowed), in ascending user-id order; they add up to `total`. */
  shares: Map<number, number>;
  /** Items mode: each charge as rounded on the receipt, in order. */
  charges?: { name: string; minor: number }[];
};

export type SplitInput = { billId: number; total?: number; exponent: number; split: SplitSpec };

/**
 * A bill's shares in any split mode (docs/api/README.md#splitting): validated (SplitError with the field's path and a
 * message a person can act on), computed exactly as rationals, rounded once (`roundShares`). `total` is required
 * for every mode but items, where it is optional and, when given, must equal the items plus charges.
 */
export function computeSplit(input: SplitInput): SplitResult {
  const { total, exact, charges } = exactSplit(input);
  const shares = roundShares(exact, input.billId);
  return charges ? { total, shares, charges } : { total, shares };
}

/** The validated split before its rounding: each participant's exact share as a fraction of minor units. */
export function exactSplit(input: SplitInput): { total: number; exact: ExactShares; charges?: Charge[] } {
  const { total, exact, charges } = exactSplitOf(input, FIRST_RULES);
  return charges ? { total, exact, charges } : { total, exact };
}

/**
 * Which items-mode rules apply: the first ones (`computeSplit`: percent charges from 0 to 100, people by id), or a
 * real bill's (docs/api/README.md#splitting and its real-bills additions: fixed and negative charges, `'all'` as
 * `members`).
 */
export type ItemRules = { real: boolean; members?: readonly number[] };
const FIRST_RULES: ItemRules = { real: false };

/** `exactSplit` under the given rules, with the items' total (`subtotal`; the bill's amount for other modes). */
export function exactSplitOf(
  input: Omit<SplitInput, 'split'> & { split: BillSplitSpec },
  rules: ItemRules,
): { total: number; subtotal: number; exact: ExactShares; charges?: Charge[] } {
  if (input.split?.mode === 'items') return itemsSplit(input, rules);
  const other = otherSplit(input);
  return { ...other, subtotal: other.total };
}

function otherSplit(input: Omit<SplitInput, 'split'> & { split: BillSplitSpec }): {
  total: number;
  exact: ExactShares;
} {
  const { split, exponent } = input;
  if (!split || split.mode === 'items' || !['equal', 'exact', 'shares', 'percent'].includes(split.mode))
    throw new SplitError('split.mode', 'Split mode must be equal, exact, shares, percent or items');
  const total = checkTotal(input.total, exponent);
  const T = BigInt(total);

  switch (split.mode) {
    case 'equal': {
      const order = checkPeople(
        split.userIds,
        'split.userIds',
        (i) => `split.userIds.${i}`,
        emptyMessage('equal'),
      );
      const userIds = order.map((i) => split.userIds[i]!);
      return {
        total,
        exact: { userIds, numerators: userIds.map(() => T), denominator: BigInt(userIds.length) },
      };
    }
    case 'exact': {
      const list = split.amounts;
      const order = people(list, 'amounts', emptyMessage('exact'));
      const parts = inOrder(
        list.map((e, i) => checkPart(e.minor, exponent, `split.amounts.${i}.amount`)),
        order,
      );
      const sum = parts.reduce((a, p) => a + p, 0);
      if (sum !== total)
        throw new SplitError(
          'split.amounts',
          `The amounts add up to ${formatMinor(sum, exponent)}, not ${formatMinor(total, exponent)}`,
        );
      return { total, exact: { userIds: ids(list, order), numerators: parts.map(BigInt), denominator: 1n } };
    }
    case 'shares': {
      const list = split.shares;
      const order = people(list, 'shares', emptyMessage('shares'));
      const weights = inOrder(
        list.map((e, i) => checkWeight(e.shares, `split.shares.${i}.shares`)),
        order,
      );
      const sum = weights.reduce((a, w) => a + w, 0);
      if (sum === 0) throw new SplitError('split.shares', 'At least one person needs a share above 0');
      return {
        total,
        exact: {
          userIds: ids(list, order),
          numerators: weights.map((w) => T * BigInt(w)),
          denominator: BigInt(sum),
        },
      };
    }
    case 'percent': {
      const list = split.percents;
      const order = people(list, 'percents', emptyMessage('percent'));
      const bps = inOrder(
        list.map((e, i) => checkBasisPoints(e.basisPoints, `split.percents.${i}.percent`)),
        order,
      );
      const sum = bps.reduce((a, b) => a + b, 0);
      if (sum !== 10_000)
        throw new SplitError('split.percents', `Percentages add up to ${formatPercent(sum)}%, not 100%`);
      return {
        total,
        exact: { userIds: ids(list, order), numerators: bps.map((b) => T * BigInt(b)), denominator: 10_000n },
      };
    }
  }
}

type Charge = { name: string; minor: number };

function people(list: { userId: number }[], field: string, empty: string): number[] {
  if (!Array.isArray(list) || list.length === 0) throw new SplitError(`split.${field}`, empty);
  return checkPeople(
    list.map((e) => e?.userId),
    `split.${field}`,
    (i) => `split.${field}.${i}.userId`,
    empty,
  );
}

/** Values checked in the list's order (so the first bad entry is the one reported), then put in user-id order. */
function inOrder<T>(values: T[], order: number[]): T[] {
  return order.map((i) => values[i]!);
}

function ids(list: { userId: number }[], order: number[]): number[] {
  return order.map((i) => list[i]!.userId);
}

/**
 * Items mode. Item j of amount a_j shared by k_j people gives each of them a_j / k_j. Each charge in order adds
 * `percent` of the running total R, rounded half up as a receipt prints it (c = floor((R·bp + 5000) / 10000)),
 * or a fixed amount, and is shared in proportion to the running exact shares, which multiplies every share by
 * (R + c) / R. After all charges each person's exact share is therefore itemShare × total / itemsTotal: computed
 * that way, with one common denominator (the lcm of the k_j, times the items total), so nothing is rounded but
 * the charges.
 *
 * A real bill's charge may be negative (a discount, a voucher). A negative percent is rounded half up in size, as
 * a receipt prints a discount: −10% of 12.45 is −1.245, printed −1.25 (c = −floor((R·|bp| + 5000) / 10000)). The
 * running total must stay above 0 after every charge: shares in proportion to it need it to be.
 */
function itemsSplit(
  input: Omit<SplitInput, 'split'> & { split: BillSplitSpec },
  rules: ItemRules,
): { total: number; subtotal: number; exact: ExactShares; charges: Charge[] } {
  const { exponent } = input;
  const split = input.split as Extract<BillSplitSpec, { mode: 'items' }>;
  const { items, charges = [] } = split;
  if (!Array.isArray(items) || items.length === 0)
    throw new SplitError('split.items', 'Add at least one item');
  if (items.length > MAX_ITEMS)
    throw new SplitError('split.items', `A bill can have at most ${MAX_ITEMS} items`);
  if (!Array.isArray(charges))
    throw new SplitError(
      'split.charges',
      rules.real
        ? 'Charges must be a list of a name and a percent or an amount each'
        : 'Charges must be a list of a name and a percent each',
    );
  if (charges.length > MAX_CHARGES)
    throw new SplitError('split.charges', `A bill can have at most ${MAX_CHARGES} charges`);

  let itemsTotal = 0n;
  let lcm = 1n;
  const everyone = new Set<number>();
  const sharedBy: number[][] = items.map((item, j) => {
    const path = `split.items.${j}`;
    checkName(item?.name, `${path}.name`, 'item');
    const minor = checkPart(item.minor, exponent, `${path}.amount`);
    if (minor === 0) throw new SplitError(`${path}.amount`, 'Each item needs an amount above 0');
    checkQuantity(item.quantity, `${path}.quantity`);
    const label = ` in “${item.name.trim()}”`;
    const ids = peopleOf(item, rules);
    checkPeople(
      ids,
      `${path}.userIds`,
      (i) => `${path}.userIds.${i}`,
      `Choose who had “${item.name.trim()}”`,
      label,
    );
    for (const id of ids) everyone.add(id);
    itemsTotal += BigInt(minor);
    lcm = lcmOf(lcm, BigInt(ids.length));
    return ids;
  });
  if (everyone.size > MAX_PARTICIPANTS)
    throw new SplitError('split.items', `A bill can be split among at most ${MAX_PARTICIPANTS} people`);

  let running = itemsTotal;
  const rounded: Charge[] = charges.map((charge, c) => {
    const path = `split.charges.${c}`;
    const name = checkName(charge?.name, `${path}.name`, 'charge');
    let minor: bigint;
    if (!rules.real) {
      const bp = checkBasisPoints(charge.basisPoints, `${path}.percent`, 'Charges');
      minor = (running * BigInt(bp) + 5_000n) / 10_000n;
    } else if (charge.basisPoints !== undefined) {
      const bp = BigInt(checkSignedBasisPoints(charge.basisPoints, `${path}.percent`));
      const size = (running * (bp < 0n ? -bp : bp) + 5_000n) / 10_000n;
      minor = bp < 0n ? -size : size;
    } else {
      minor = BigInt(checkSignedMinor(charge.minor, exponent, `${path}.amount`));
    }
    running += minor;
    if (running <= 0n)
      throw new SplitError(
        path,
        `After “${name.trim()}” the bill comes to ${formatMinor(Number(running), exponent)}: it must stay above 0`,
      );
    return { name, minor: Number(minor) };
  });
  const max = maxMinor(exponent);
  if (running > BigInt(max))
    throw new SplitError(
      'split.items',
      `The items and charges come to ${formatMinor(Number(running), exponent)}, above the 1,000,000 a bill can carry`,
    );
  const total = Number(running);
  if (input.total !== undefined && input.total !== null) {
    const sent = checkTotal(input.total, exponent);
    if (sent !== total)
      throw new SplitError(
        'amount',
        `The items and charges add up to ${formatMinor(total, exponent)}, not ${formatMinor(sent, exponent)}`,
      );
  }

  const userIds = [...everyone].sort((a, b) => a - b);
  const itemShare = new Map<number, bigint>(userIds.map((id) => [id, 0n]));
  items.forEach((item, j) => {
    const ids = sharedBy[j]!;
    const each = (BigInt(item.minor) * lcm) / BigInt(ids.length);
    for (const id of ids) itemShare.set(id, itemShare.get(id)! + each);
  });
  const T = BigInt(total);
  return {
    total,
    subtotal: Number(itemsTotal),
    exact: {
      userIds,
      numerators: userIds.map((id) => itemShare.get(id)! * T),
      denominator: lcm * itemsTotal,
    },
    charges: rounded,
  };
}

/** An item's people: its ids, or for a real bill's `'all'` every member given. */
function peopleOf(item: ItemSpec, rules: ItemRules): number[] {
  if (item.userIds !== 'all' || !rules.real) return item.userIds as number[];
  if (!rules.members) throw new RangeError('an item for everyone needs the members');
  return [...rules.members];
}

function lcmOf(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}
