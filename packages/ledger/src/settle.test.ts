import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EXACT_LIMIT, greedySettle, settle, type Transfer } from './settle.js';

/** Balances of `n` people (ids 1…n) that add up to zero. */
const balancesOf = (n: number, max = 50_000) =>
  fc.array(fc.integer({ min: -max, max }), { minLength: n - 1, maxLength: n - 1 }).map((xs) => {
    const m = new Map<number, number>();
    xs.forEach((x, i) => m.set(i + 1, x));
    m.set(n, -xs.reduce((a, c) => a + c, 0));
    return m;
  });

/** Small amounts make zero-sum subgroups common, which is where the optimum differs from greedy. */
const clustered = (n: number) => balancesOf(n, 6).map((m) => new Map([...m].map(([k, v]) => [k, v * 100])));

function apply(balances: ReadonlyMap<number, number>, transfers: Transfer[]) {
  const left = new Map(balances);
  for (const t of transfers) {
    left.set(t.from, left.get(t.from)! + t.minor);
    left.set(t.to, left.get(t.to)! - t.minor);
  }
  return left;
}

/** The optimum by brute force: the most blocks over every partition of the non-zero balances into zero-sum blocks. */
function bruteForceOptimum(balances: ReadonlyMap<number, number>): number {
  const values = [...balances.values()].filter((v) => v !== 0);
  let bestBlocks = 0;
  const blocks: number[] = [];
  const walk = (i: number) => {
    if (i === values.length) {
      if (blocks.every((b) => b === 0)) bestBlocks = Math.max(bestBlocks, blocks.length);
      return;
    }
    for (let b = 0; b < blocks.length; b++) {
      blocks[b]! += values[i]!;
      walk(i + 1);
      blocks[b]! -= values[i]!;
    }
    blocks.push(values[i]!);
    walk(i + 1);
    blocks.pop();
  };
  walk(0);
  return values.length - bestBlocks;
}

const nonZero = (b: ReadonlyMap<number, number>) => [...b.values()].filter((v) => v !== 0).length;

describe('settle', () => {
  it('a worked example: three friends, two bills', () => {
    // Ann (1) paid 30.00 for all three; Ben (2) paid 12.00 for Ann and himself.
    const balances = new Map([
      [1, 2000 - 600],
      [2, -1000 + 600],
      [3, -1000],
    ]);
    expect(settle(balances)).toEqual({
      exact: true,
      transfers: [
        { from: 2, to: 1, minor: 400 },
        { from: 3, to: 1, minor: 1000 },
      ],
    });
  });

  it('beats largest-first greedy where zero-sum groups hide', () => {
    const balances = new Map([
      [1, 500],
      [2, 400],
      [3, 300],
      [4, -700],
      [5, -500],
    ]);
    // Greedy: 1←5? it pays largest to largest and needs 4; the optimum splits {1,5} and {2,3,4}: 3 transfers.
    expect(greedySettle(balances)).toHaveLength(4);
    expect(settle(balances).transfers).toHaveLength(3);
  });

  it('zeroes every balance with positive transfers, never more than n − 1, deterministically (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }).chain((n) => fc.oneof(balancesOf(n), clustered(n))),
        (balances) => {
          const { transfers } = settle(balances);
          expect([...apply(balances, transfers).values()].every((v) => v === 0)).toBe(true);
          expect(
            transfers.every((t) => Number.isSafeInteger(t.minor) && t.minor > 0 && t.from !== t.to),
          ).toBe(true);
          expect(transfers.length).toBeLessThanOrEqual(Math.max(0, nonZero(balances) - 1));
          const shuffled = new Map([...balances].reverse());
          expect(settle(shuffled).transfers).toEqual(transfers);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('matches the brute-force optimum for up to 8 people (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }).chain((n) => fc.oneof(balancesOf(n, 2000), clustered(n))),
        (balances) => {
          const { transfers, exact } = settle(balances);
          expect(exact).toBe(true);
          expect(transfers).toHaveLength(bruteForceOptimum(balances));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is never worse than largest-first greedy (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }).chain((n) => clustered(n)),
        (balances) => {
          expect(settle(balances).transfers.length).toBeLessThanOrEqual(greedySettle(balances).length);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is never worse than largest-first greedy past the exact limit either (property)', () => {
    // Amounts of a few hundred minor units make accidental zeros likely, where greedy over everyone can win.
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 60 }).chain((n) => balancesOf(n, 500)),
        (balances) => {
          const { transfers } = settle(balances);
          expect([...apply(balances, transfers).values()].every((v) => v === 0)).toBe(true);
          expect(transfers.length).toBeLessThanOrEqual(greedySettle(balances).length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('solves 20 people exactly and falls back past the limit, still within n − 1', () => {
    const twenty = fc.sample(balancesOf(EXACT_LIMIT), { numRuns: 1, seed: 42 })[0]!;
    expect(settle(twenty).exact).toBe(true);
    const big = fc.sample(balancesOf(200), { numRuns: 1, seed: 7 })[0]!;
    const result = settle(big);
    expect(result.exact).toBe(false);
    expect([...apply(big, result.transfers).values()].every((v) => v === 0)).toBe(true);
    expect(result.transfers.length).toBeLessThanOrEqual(nonZero(big) - 1);
  });

  it('refuses balances that do not add up to zero or are not whole minor units', () => {
    expect(() =>
      settle(
        new Map([
          [1, 100],
          [2, -99],
        ]),
      ),
    ).toThrow(RangeError);
    expect(() =>
      settle(
        new Map([
          [1, 0.5],
          [2, -0.5],
        ]),
      ),
    ).toThrow(RangeError);
    expect(settle(new Map([[1, 0]]))).toEqual({ transfers: [], exact: true });
  });
});
