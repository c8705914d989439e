import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxMinor } from './amount.js';
import { computeBill, type BillComputeInput, type PersonMinor } from './bill.js';
import { currencyExponent } from './currency.js';
import { SplitError, type BillSplitSpec, type ChargeSpec, type ItemSpec } from './split-input.js';

// Properties of real bills (docs/money.md, "Real bills") over all five modes with several payers, quantities,
// "all", fixed and negative charges and a foreign currency (exponents 0, 2 and 3), 3,000 cases. The bill's
// exact shares, its amount, the receipt's charges and the conversion are recomputed here independently, as reduced
// fractions, the way the contract words them, and computeBill is checked against them: payer amounts and shares add
// up to the room-currency amount, none is a unit or more from its exact value, the extra units go to the largest
// remainders (ties from position billId mod n), and the answer does not depend on the order anything was given in.

type Frac = { n: bigint; d: bigint };
function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return x;
}
const frac = (n: bigint, d = 1n): Frac => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a: Frac, b: Frac) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Frac, b: Frac) => frac(a.n * b.n, a.d * b.d);
/** The largest whole number ≤ x (BigInt division truncates toward 0). */
const floorOf = (x: Frac) => (x.n >= 0n ? x.n / x.d : -((-x.n + x.d - 1n) / x.d));
/** Half up as a receipt prints it: the size rounded half up, the sign kept (−1.245 → −1.25). */
const halfUpInSize = (x: Frac) =>
  x.n < 0n ? -floorOf(add(frac(-x.n, x.d), frac(1n, 2n))) : floorOf(add(x, frac(1n, 2n)));

/** The bill's exact shares in its currency and its amount, or why it is refused. */
function reference(
  spec: BillSplitSpec,
  total: number | undefined,
  members: number[],
  e: number,
): { total: number; shares: Map<number, Frac> } | 'refused' {
  const T = BigInt(total ?? 0);
  const m = new Map<number, Frac>();
  switch (spec.mode) {
    case 'equal':
      for (const id of spec.userIds) m.set(id, frac(T, BigInt(spec.userIds.length)));
      return { total: total!, shares: m };
    case 'exact':
      for (const a of spec.amounts) m.set(a.userId, frac(BigInt(a.minor)));
      return { total: total!, shares: m };
    case 'shares': {
      const W = spec.shares.reduce((s, x) => s + BigInt(x.shares), 0n);
      for (const x of spec.shares) m.set(x.userId, frac(T * BigInt(x.shares), W));
      return { total: total!, shares: m };
    }
    case 'percent':
      for (const x of spec.percents) m.set(x.userId, frac(T * BigInt(x.basisPoints), 10_000n));
      return { total: total!, shares: m };
    case 'items': {
      let running = 0n;
      for (const item of spec.items) {
        const ids = item.userIds === 'all' ? members : item.userIds;
        running += BigInt(item.minor);
        for (const id of ids)
          m.set(id, add(m.get(id) ?? frac(0n), frac(BigInt(item.minor), BigInt(ids.length))));
      }
      for (const c of spec.charges) {
        const charge =
          c.basisPoints !== undefined
            ? halfUpInSize(frac(running * BigInt(c.basisPoints), 10_000n))
            : BigInt(c.minor);
        // Each share grows by its part of the charge, in proportion to the running share.
        for (const [id, s] of m) m.set(id, add(s, mul(s, frac(charge, running))));
        running += charge;
        if (running <= 0n) return 'refused';
      }
      if (running > BigInt(maxMinor(e))) return 'refused';
      return { total: Number(running), shares: m };
    }
  }
}

/** A permutation of the list from a seed (mulberry32 and Fisher–Yates). */
function shuffle<T>(list: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The same bill with every list in another order: members, people, items' people, payers. */
function reordered(input: BillComputeInput, seed: number): BillComputeInput {
  const split = input.split;
  let spec: BillSplitSpec;
  switch (split.mode) {
    case 'equal':
      spec = { mode: 'equal', userIds: shuffle(split.userIds, seed) };
      break;
    case 'exact':
      spec = { mode: 'exact', amounts: shuffle(split.amounts, seed) };
      break;
    case 'shares':
      spec = { mode: 'shares', shares: shuffle(split.shares, seed) };
      break;
    case 'percent':
      spec = { mode: 'percent', percents: shuffle(split.percents, seed) };
      break;
    case 'items':
      spec = {
        ...split,
        items: split.items.map((item, j) => ({
          ...item,
          userIds: item.userIds === 'all' ? 'all' : shuffle(item.userIds, seed + j),
        })),
      };
  }
  return {
    ...input,
    split: spec,
    members: shuffle(input.members ?? [], seed + 1),
    paidBy: typeof input.paidBy === 'number' ? input.paidBy : shuffle(input.paidBy, seed + 2),
  };
}

const CODES = ['JPY', 'SGD', 'KWD', 'USD'] as const;
const billId = fc.integer({ min: 0, max: 1_000_000_000 });
const pool = fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 12 });
const amountFor = (e: number, most = maxMinor(e)) =>
  fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: most }));

/** Basis points of n people adding up to 10000. */
const percents = (n: number) =>
  fc
    .array(fc.integer({ min: 0, max: 10_000 }), { minLength: n - 1, maxLength: n - 1 })
    .map((cuts) =>
      [0, ...cuts.sort((a, b) => a - b), 10_000].slice(1).map((c, i, all) => c - (all[i - 1] ?? 0)),
    );

const charge = (e: number): fc.Arbitrary<ChargeSpec> =>
  fc.oneof(
    fc.record({
      name: fc.constant('percent'),
      // −50%, −10% and −5% of small amounts land on a half often: the rounding's direction is tested.
      basisPoints: fc.oneof(
        fc.integer({ min: -3_000, max: 3_000 }),
        fc.constantFrom(-10_000, -5_000, -1_000, -500, 500, 1_000, 10_000),
      ),
    }),
    fc.record({
      name: fc.constant('fixed'),
      minor: fc.oneof(
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -maxMinor(e) / 100, max: maxMinor(e) / 100 }),
      ),
    }),
  );

const item = (e: number, people: number[]): fc.Arbitrary<ItemSpec> =>
  fc.record(
    {
      name: fc.constant('item'),
      minor: amountFor(e, maxMinor(e) / 100),
      userIds: fc.oneof(fc.constant('all' as const), fc.subarray(people, { minLength: 1 })),
      quantity: fc.integer({ min: 1, max: 12 }),
    },
    { requiredKeys: ['name', 'minor', 'userIds'] },
  );

/** A split of any mode over some of the members, with its total in the bill's currency (none for items). */
const splitOf = (e: number, members: number[]) =>
  fc.subarray(members, { minLength: 1 }).chain((ids) =>
    fc.oneof(
      amountFor(e).map((total) => ({ total, spec: { mode: 'equal', userIds: ids } as BillSplitSpec })),
      fc
        .array(fc.integer({ min: 0, max: Math.floor(maxMinor(e) / 50) }), {
          minLength: ids.length,
          maxLength: ids.length,
        })
        .filter((parts) => parts.some((p) => p > 0))
        .map((parts) => ({
          total: parts.reduce((a, p) => a + p, 0) as number | undefined,
          spec: {
            mode: 'exact',
            amounts: ids.map((userId, i) => ({ userId, minor: parts[i]! })),
          } as BillSplitSpec,
        })),
      fc
        .tuple(
          amountFor(e),
          fc
            .array(fc.integer({ min: 0, max: 1_000 }), { minLength: ids.length, maxLength: ids.length })
            .filter((w) => w.some((x) => x > 0)),
        )
        .map(([total, w]) => ({
          total,
          spec: {
            mode: 'shares',
            shares: ids.map((userId, i) => ({ userId, shares: w[i]! })),
          } as BillSplitSpec,
        })),
      fc.tuple(amountFor(e), percents(ids.length)).map(([total, bp]) => ({
        total,
        spec: {
          mode: 'percent',
          percents: ids.map((userId, i) => ({ userId, basisPoints: bp[i]! })),
        } as BillSplitSpec,
      })),
      {
        // Receipts have the most rules: three times as many of them.
        weight: 3,
        arbitrary: fc
          .record({
            items: fc.array(item(e, members), { minLength: 1, maxLength: 6 }),
            charges: fc.array(charge(e), { maxLength: 4 }),
          })
          .map(({ items, charges }) => ({
            total: undefined as number | undefined,
            spec: { mode: 'items', items, charges } as BillSplitSpec,
          })),
      },
    ),
  );

/** A rate of up to 12 significant digits, as text: significand / 10^places (mostly a rate people meet). */
const rateText = fc
  .oneof(
    fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 8 })),
    fc.tuple(fc.integer({ min: 1, max: 999_999_999_999 }), fc.integer({ min: 0, max: 14 })),
  )
  .map(([significand, places]) => {
    const digits = String(significand).padStart(places + 1, '0');
    return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  });

const bill = fc
  .record({
    billId,
    room: fc.constantFrom(...CODES),
    foreign: fc.option(fc.constantFrom(...CODES), { freq: 2 }),
    members: pool,
    rate: rateText,
    converted: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { freq: 3 }),
    payers: fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 4 }),
    cuts: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    seed: fc.nat(),
  })
  .chain((b) => {
    const currency = b.foreign ?? b.room;
    return splitOf(currencyExponent(currency), b.members).map((split) => ({ ...b, currency, split }));
  });

/** The bill's input, its payers cut from its amount at the generated points (several payers when it allows). */
function inputOf(b: BillCase, total: number): BillComputeInput {
  const cuts = [
    ...new Set(b.cuts.slice(0, b.payers.length - 1).map((c) => (total > 1 ? 1 + (c % (total - 1)) : 0))),
  ]
    .filter((c) => c > 0)
    .sort((x, y) => x - y);
  const points = [0, ...cuts, total];
  const paidBy: PersonMinor[] = points
    .slice(1)
    .map((p, i) => ({ userId: b.payers[i]!, minor: p - points[i]! }));
  const foreign = b.currency !== b.room;
  return {
    billId: b.billId,
    roomCurrency: b.room,
    currency: b.currency,
    total: b.split.total,
    split: b.split.spec,
    members: b.members,
    paidBy: paidBy.length === 1 && b.seed % 2 === 0 ? paidBy[0]!.userId : paidBy,
    ...(foreign ? (b.converted !== null ? { convertedAmount: b.converted } : { rate: b.rate }) : {}),
  };
}
type BillCase = typeof bill extends fc.Arbitrary<infer T> ? T : never;

/** Checks rounded parts against their exact values: sum, within a unit, largest remainders first (ties from billId mod n). */
function expectLargestRemainder(
  parts: PersonMinor[],
  exact: (p: PersonMinor, i: number) => Frac,
  sum: number,
  id: number,
) {
  const n = parts.length;
  const start = id % n;
  expect(parts.reduce((a, p) => a + p.minor, 0)).toBe(sum);
  expect(parts.map((p) => p.userId)).toEqual([...parts.map((p) => p.userId)].sort((a, b) => a - b));
  const entries = parts.map((p, i) => {
    const x = exact(p, i);
    const floor = x.n / x.d;
    const remainder = frac(x.n - floor * x.d, x.d);
    // Never a whole unit from the exact value: its floor, or its floor + 1 when it had a remainder.
    expect(p.minor === Number(floor) || (p.minor === Number(floor) + 1 && remainder.n > 0n)).toBe(true);
    return { up: p.minor !== Number(floor), remainder, offset: (i - start + n) % n };
  });
  entries.sort((a, b) => {
    const cmp = b.remainder.n * a.remainder.d - a.remainder.n * b.remainder.d;
    return cmp > 0n ? 1 : cmp < 0n ? -1 : a.offset - b.offset;
  });
  const ups = entries.filter((x) => x.up).length;
  expect(entries.map((x) => x.up)).toEqual(entries.map((_, i) => i < ups));
}

describe('computeBill (properties)', () => {
  it('shares and payers add up to the room amount, each within a unit of its exact value, by largest remainder', () => {
    fc.assert(
      fc.property(bill, (b) => {
        const e = currencyExponent(b.currency);
        const er = currencyExponent(b.room);
        const ref = reference(b.split.spec, b.split.total, b.members, e);
        if (ref === 'refused') {
          expect(() => computeBill(inputOf(b, 1))).toThrow(SplitError);
          return;
        }
        const input = inputOf(b, ref.total);
        // The room amount: the converted amount, else amount × rate rounded half up to the room's minor unit.
        let R = ref.total;
        if (input.convertedAmount !== undefined) R = input.convertedAmount;
        else if (input.rate !== undefined) {
          const [whole, fraction = ''] = input.rate.split('.');
          const rate = frac(BigInt(whole! + fraction), 10n ** BigInt(fraction.length));
          R = Number(
            halfUpInSize(mul(mul(frac(BigInt(ref.total)), rate), frac(10n ** BigInt(er), 10n ** BigInt(e)))),
          );
        }
        if (R <= 0 || R > maxMinor(er)) {
          expect(() => computeBill(input)).toThrow(SplitError);
          return;
        }
        const result = computeBill(input);
        expect(result.originalAmount).toBe(ref.total);
        expect(result.amount).toBe(R);
        // In the bill's currency: the split's exact shares, rounded once.
        expect(result.originalShares.map((s) => s.userId)).toEqual(
          [...ref.shares.keys()].sort((x, y) => x - y),
        );
        expectLargestRemainder(result.originalShares, (s) => ref.shares.get(s.userId)!, ref.total, b.billId);
        // In the room's currency: each part × R / amount, rounded once.
        const scaled = (orig: PersonMinor[]) => (_: PersonMinor, i: number) =>
          frac(BigInt(orig[i]!.minor) * BigInt(R), BigInt(ref.total));
        expectLargestRemainder(result.shares, scaled(result.originalShares), R, b.billId);
        expectLargestRemainder(result.payers, scaled(result.originalPayers), R, b.billId);
        // The payers as sent, and the owner who paid most (ties: the lowest id).
        const sent =
          typeof input.paidBy === 'number' ? [{ userId: input.paidBy, minor: ref.total }] : input.paidBy;
        expect(result.originalPayers).toEqual([...sent].sort((x, y) => x.userId - y.userId));
        const most = Math.max(...sent.map((p) => p.minor));
        expect(result.ownerId).toBe(Math.min(...sent.filter((p) => p.minor === most).map((p) => p.userId)));
        if (b.split.spec.mode === 'items')
          expect(result.subtotal).toBe(b.split.spec.items.reduce((a, i) => a + i.minor, 0));
      }),
      { numRuns: 2_000 },
    );
  });

  it('does not depend on the order of the members, the people or the payers', () => {
    fc.assert(
      fc.property(bill, (b) => {
        const ref = reference(b.split.spec, b.split.total, b.members, currencyExponent(b.currency));
        fc.pre(ref !== 'refused');
        const input = inputOf(b, ref.total);
        let result: unknown;
        try {
          result = computeBill(input);
        } catch (err) {
          expect(err).toBeInstanceOf(SplitError);
          expect(() => computeBill(reordered(input, b.seed))).toThrow((err as Error).message);
          return;
        }
        expect(computeBill(reordered(input, b.seed))).toEqual(result);
      }),
      { numRuns: 1_000 },
    );
  });
});
