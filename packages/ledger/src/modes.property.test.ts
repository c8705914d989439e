import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxMinor } from './amount.js';
import { computeSplit, exactSplit } from './modes.js';
import { roundShares } from './round.js';
import { SplitError, type SplitSpec } from './split-input.js';
import { splitBill } from './split.js';

// Properties of the split rules (docs/api/README.md#splitting) over every mode and exponents 0, 2 and 3: 85,300 cases here, and 15,000 more
// round trips of amounts in amount.test.ts.
// The exact shares are recomputed here independently, as reduced fractions, the way the contract words each mode
// (charges applied one by one), and the implementation is checked against them.

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
const eq = (a: Frac, b: Frac) => a.n * b.d === b.n * a.d;

/** Each participant's exact share as the contract describes the mode, plus the bill's total. */
function reference(spec: SplitSpec, total?: number): { total: number; shares: Map<number, Frac> } {
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
      const W = spec.shares.reduce((s, e) => s + BigInt(e.shares), 0n);
      for (const e of spec.shares) m.set(e.userId, frac(T * BigInt(e.shares), W));
      return { total: total!, shares: m };
    }
    case 'percent':
      for (const e of spec.percents) m.set(e.userId, frac(T * BigInt(e.basisPoints), 10_000n));
      return { total: total!, shares: m };
    case 'items': {
      let running = 0n;
      for (const item of spec.items) {
        running += BigInt(item.minor);
        for (const id of item.userIds)
          m.set(id, add(m.get(id) ?? frac(0n), frac(BigInt(item.minor), BigInt(item.userIds.length))));
      }
      for (const c of spec.charges) {
        // Half up: the charge's exact value plus one half, floored.
        const exact = add(frac(running * BigInt(c.basisPoints), 10_000n), frac(1n, 2n));
        const charge = exact.n / exact.d;
        for (const [id, s] of m) m.set(id, add(s, mul(s, frac(charge, running))));
        running += charge;
      }
      return { total: Number(running), shares: m };
    }
  }
}

const exponent = fc.constantFrom(0, 2, 3);
const billId = fc.integer({ min: 0, max: 1_000_000_000 });
const people = (min = 1) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: min, maxLength: 50 });
const totalFor = (e: number) => fc.integer({ min: 1, max: maxMinor(e) });

/** Basis points of n people adding up to 10000: the gaps between n − 1 sorted cut points. */
const percents = (n: number) =>
  fc
    .array(fc.integer({ min: 0, max: 10_000 }), { minLength: n - 1, maxLength: n - 1 })
    .map((cuts) =>
      [0, ...cuts.sort((a, b) => a - b), 10_000].slice(1).map((c, i, all) => c - (all[i - 1] ?? 0)),
    );

const itemsSpec = (e: number, maxItems: number) =>
  people().chain((pool) =>
    fc.record({
      mode: fc.constant('items' as const),
      items: fc.array(
        fc.record({
          name: fc.constant('item'),
          minor: fc.integer({ min: 1, max: Math.floor(maxMinor(e) / 400) }),
          userIds: fc.subarray(pool, { minLength: 1 }),
        }),
        { minLength: 1, maxLength: maxItems },
      ),
      charges: fc.array(
        fc.record({
          name: fc.constant('charge'),
          basisPoints: fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.constantFrom(0, 5_000, 10_000)),
        }),
        { maxLength: 10 },
      ),
    }),
  );

/** Any mode, with a total that fits it. */
const anySplit = exponent.chain((e) =>
  fc.record({
    exponent: fc.constant(e),
    billId,
    bill: fc.oneof(
      fc.record({
        total: totalFor(e),
        spec: people().map((userIds) => ({ mode: 'equal' as const, userIds })),
      }),
      people().chain((ids) =>
        fc
          .array(fc.integer({ min: 0, max: Math.floor(maxMinor(e) / 50) }), {
            minLength: ids.length,
            maxLength: ids.length,
          })
          .filter((parts) => parts.some((p) => p > 0))
          .map((parts) => ({
            total: parts.reduce((a, p) => a + p, 0),
            spec: { mode: 'exact' as const, amounts: ids.map((userId, i) => ({ userId, minor: parts[i]! })) },
          })),
      ),
      fc.record({
        total: totalFor(e),
        spec: people().chain((ids) =>
          fc
            .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: ids.length, maxLength: ids.length })
            .filter((w) => w.some((x) => x > 0))
            .map((w) => ({
              mode: 'shares' as const,
              shares: ids.map((userId, i) => ({ userId, shares: w[i]! })),
            })),
        ),
      }),
      fc.record({
        total: totalFor(e),
        spec: people().chain((ids) =>
          percents(ids.length).map((bp) => ({
            mode: 'percent' as const,
            percents: ids.map((userId, i) => ({ userId, basisPoints: bp[i]! })),
          })),
        ),
      }),
      itemsSpec(e, 20).map((spec) => ({ total: undefined, spec })),
    ),
  }),
);

describe('computeSplit (properties)', () => {
  it('adds up to the bill exactly, rounds each exact share down or up, and gives the extra units to the largest remainders', () => {
    fc.assert(
      fc.property(anySplit, ({ exponent: e, billId: id, bill }) => {
        const ref = reference(bill.spec, bill.total);
        if (ref.total > maxMinor(e)) {
          // Charges can push items past the cap: refused, with the reason.
          expect(() => computeSplit({ billId: id, exponent: e, split: bill.spec })).toThrow(SplitError);
          return;
        }
        const result = computeSplit({ billId: id, total: bill.total, exponent: e, split: bill.spec });
        expect(result.total).toBe(ref.total);
        const ids = [...result.shares.keys()];
        expect(ids).toEqual([...ref.shares.keys()].sort((a, b) => a - b));
        let sum = 0;
        let exactSum = frac(0n);
        const start = id % ids.length;
        const entries = ids.map((uid, i) => {
          const share = result.shares.get(uid)!;
          const exact = ref.shares.get(uid)!;
          sum += share;
          exactSum = add(exactSum, exact);
          const floor = exact.n / exact.d;
          const remainder = frac(exact.n - floor * exact.d, exact.d);
          // Never a whole unit from the exact share: its floor, or its floor + 1 when it had a remainder.
          expect(share === Number(floor) || (share === Number(floor) + 1 && remainder.n > 0n)).toBe(true);
          return { up: share !== Number(floor), remainder, offset: (i - start + ids.length) % ids.length };
        });
        expect(sum).toBe(ref.total);
        expect(eq(exactSum, frac(BigInt(ref.total)))).toBe(true);
        // Largest remainder, ties from position billId mod n: those rounded up are the first in that order.
        entries.sort((a, b) => {
          const cmp = b.remainder.n * a.remainder.d - a.remainder.n * b.remainder.d;
          return cmp > 0n ? 1 : cmp < 0n ? -1 : a.offset - b.offset;
        });
        const ups = entries.filter((x) => x.up).length;
        expect(entries.map((x) => x.up)).toEqual(entries.map((_, i) => i < ups));
      }),
      { numRuns: 25_000 },
    );
  });

  it.each([
    [40, 15_000],
    [100, 300], // the largest bills allowed: 100 items, 50 people
  ])(
    'items with charges: splitting the items, then each charge in proportion, gives the same shares (≤ %i items)',
    (maxItems, numRuns) => {
      fc.assert(
        fc.property(
          exponent.chain((e) => fc.tuple(fc.constant(e), billId, itemsSpec(e, maxItems))),
          ([e, id, spec]) => {
            const ref = reference(spec);
            fc.pre(ref.total <= maxMinor(e));
            const { exact, charges } = exactSplit({ billId: id, exponent: e, split: spec });
            // The same exact shares (the closed form equals the step-by-step charges)…
            exact.userIds.forEach((uid, i) =>
              expect(eq(frac(exact.numerators[i]!, exact.denominator), ref.shares.get(uid)!)).toBe(true),
            );
            // …hence the same rounded shares as rounding the step-by-step result.
            const D = exact.denominator;
            const byRef = roundShares(
              {
                userIds: exact.userIds,
                numerators: exact.userIds.map((uid) => (ref.shares.get(uid)!.n * D) / ref.shares.get(uid)!.d),
                denominator: D,
              },
              id,
            );
            const result = computeSplit({ billId: id, exponent: e, split: spec, total: ref.total });
            expect(result.shares).toEqual(byRef);
            expect(
              charges!.reduce((a, c) => a + c.minor, 0) + spec.items.reduce((a, i) => a + i.minor, 0),
            ).toBe(result.total);
          },
        ),
        { numRuns },
      );
    },
  );

  it('percent and shares modes agree when given the same weights', () => {
    fc.assert(
      fc.property(
        exponent.chain((e) =>
          fc.tuple(
            fc.constant(e),
            billId,
            totalFor(e),
            people().chain((ids) => fc.tuple(fc.constant(ids), percents(ids.length))),
            fc.integer({ min: 1, max: 100 }),
          ),
        ),
        ([e, id, total, [ids, bp], scale]) => {
          const byPercent = computeSplit({
            billId: id,
            total,
            exponent: e,
            split: { mode: 'percent', percents: ids.map((userId, i) => ({ userId, basisPoints: bp[i]! })) },
          });
          const byShares = computeSplit({
            billId: id,
            total,
            exponent: e,
            split: { mode: 'shares', shares: ids.map((userId, i) => ({ userId, shares: bp[i]! * scale })) },
          });
          expect(byShares.shares).toEqual(byPercent.shares);
        },
      ),
      { numRuns: 25_000 },
    );
  });

  it('equal mode is the first equal split, splitBill, bit for bit, and exact mode returns its input', () => {
    fc.assert(
      fc.property(
        exponent.chain((e) => fc.tuple(fc.constant(e), billId, totalFor(e), people())),
        ([e, id, total, ids]) => {
          const equal = computeSplit({
            billId: id,
            total,
            exponent: e,
            split: { mode: 'equal', userIds: ids },
          });
          expect(equal.shares).toEqual(
            splitBill({ billId: id, totalMinor: total, ownerId: ids[0]!, payerIds: ids, includeOwner: true }),
          );
          expect([...equal.shares.keys()]).toEqual([...ids].sort((a, b) => a - b));
          // The equal shares fed back as exact amounts come back unchanged.
          const amounts = [...equal.shares].map(([userId, minor]) => ({ userId, minor }));
          const exact = computeSplit({
            billId: id + 1,
            total,
            exponent: e,
            split: { mode: 'exact', amounts },
          });
          expect(exact.shares).toEqual(equal.shares);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
