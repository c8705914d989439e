import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { billDebts, netBalances, splitBill, type BillInput } from './split.js';

const bill = fc
  .record({
    billId: fc.integer({ min: 1, max: 1_000_000 }),
    totalMinor: fc.integer({ min: 1, max: 100_000_000 }),
    ownerId: fc.integer({ min: 1, max: 40 }),
    payerIds: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }),
    includeOwner: fc.boolean(),
  })
  .map((b) => ({ ...b, payerIds: b.payerIds.filter((p) => p !== b.ownerId) }))
  .filter((b) => b.payerIds.length > 0);

describe('splitBill', () => {
  it('worked examples the float approach gets wrong', () => {
    // 9.99 among 3: 3.33 each, exactly (9.99 / 3 in floats is 3.3299999999999996).
    expect([
      ...splitBill({ billId: 1, totalMinor: 999, ownerId: 1, payerIds: [2, 3], includeOwner: true }).values(),
    ]).toEqual([333, 333, 333]);
    // 1.15 to one payer with the owner included: 57 and 58 minor units, never 57.5.
    const one = splitBill({ billId: 4, totalMinor: 115, ownerId: 10, payerIds: [20], includeOwner: true });
    expect(one).toEqual(
      new Map([
        [10, 58],
        [20, 57],
      ]),
    );
    expect(
      billDebts({ billId: 4, totalMinor: 115, ownerId: 10, payerIds: [20], includeOwner: true }),
    ).toEqual([{ from: 20, to: 10, minor: 57 }]);
    // 0.01 among 3: one cent to one person, and no zero-cent debts.
    const tiny: BillInput = { billId: 2, totalMinor: 1, ownerId: 1, payerIds: [2, 3], includeOwner: true };
    expect(splitBill(tiny)).toEqual(
      new Map([
        [1, 0],
        [2, 0],
        [3, 1],
      ]),
    );
    expect(billDebts(tiny)).toEqual([{ from: 3, to: 1, minor: 1 }]);
    // Owner excluded: the payers carry everything; bill 3 among 3 starts the odd cent at position 3 mod 3 = 0.
    const excluded = { totalMinor: 1000, ownerId: 1, payerIds: [2, 3, 4], includeOwner: false };
    expect(billDebts({ billId: 3, ...excluded })).toEqual([
      { from: 2, to: 1, minor: 334 },
      { from: 3, to: 1, minor: 333 },
      { from: 4, to: 1, minor: 333 },
    ]);
    // Bill 4 among the same three starts at position 1.
    expect(billDebts({ billId: 4, ...excluded })[1]).toEqual({ from: 3, to: 1, minor: 334 });
  });

  it('conserves every cent, shares differ by at most one, and the odd minor units rotate from billId mod n (property)', () => {
    fc.assert(
      fc.property(bill, (b) => {
        const shares = splitBill(b);
        const values = [...shares.values()];
        expect(values.reduce((a, c) => a + c, 0)).toBe(b.totalMinor);
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
        const ids = [...shares.keys()];
        expect(ids).toEqual([...ids].sort((x, y) => x - y));
        const n = ids.length;
        const extra = b.totalMinor % n;
        const expectedExtra = new Set(Array.from({ length: extra }, (_, j) => ids[((b.billId % n) + j) % n]));
        for (const [id, minor] of shares)
          expect(minor).toBe(Math.floor(b.totalMinor / n) + (expectedExtra.has(id) ? 1 : 0));

        const debts = billDebts(b);
        const ownerShare = b.includeOwner ? shares.get(b.ownerId)! : 0;
        expect(debts.reduce((a, d) => a + d.minor, 0)).toBe(b.totalMinor - ownerShare);
        expect(debts.every((d) => d.minor > 0 && d.to === b.ownerId && d.from !== b.ownerId)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('spreads the odd cent: over n bills of the same people each pays it equally often', () => {
    const counts = new Map<number, number>();
    for (let billId = 1; billId <= 300; billId++) {
      for (const [id, c] of splitBill({
        billId,
        totalMinor: 100,
        ownerId: 1,
        payerIds: [2, 3],
        includeOwner: true,
      })) {
        if (c === 34) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    expect([...counts.values()]).toEqual([100, 100, 100]);
  });
});

describe('netBalances', () => {
  it('always sums to zero (property)', () => {
    fc.assert(
      fc.property(fc.array(bill, { minLength: 1, maxLength: 30 }), (bills) => {
        const balances = netBalances(bills.flatMap(billDebts));
        expect([...balances.values()].reduce((a, c) => a + c, 0)).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});
