import { describe, expect, it } from 'vitest';
import { formatMinor, parseMinor } from './amount.js';
import { currencyExponent } from './currency.js';
import { computeSplit } from './modes.js';
import type { SplitSpec } from './split-input.js';

const restaurant: SplitSpec = {
  mode: 'items',
  items: [
    { name: 'Pasta', minor: 1800, userIds: [1] },
    { name: 'Steak', minor: 3200, userIds: [2] },
    { name: 'Wine', minor: 2400, userIds: [1, 2, 3] },
  ],
  charges: [
    { name: 'Service', basisPoints: 1000 },
    { name: 'Tax', basisPoints: 900 },
  ],
};

describe('computeSplit: worked examples', () => {
  it('the restaurant bill: my pasta, your steak, shared wine, 10% service, then 9% tax on both', () => {
    // Items 74.00 (Ann 18 + 8 of wine = 26, Bob 32 + 8 = 40, Cy 8); service 7.40 → 81.40; tax 9% of 81.40 =
    // 7.326 → 7.33 on the receipt; total 88.73. Exact shares ×88.73/74: 31.175, 47.962…, 9.592…; floors leave one
    // cent, which goes to the largest remainder (Ann's .5).
    const result = computeSplit({ billId: 7, exponent: 2, split: restaurant });
    expect(result).toEqual({
      total: 8873,
      shares: new Map([
        [1, 3118],
        [2, 4796],
        [3, 959],
      ]),
      charges: [
        { name: 'Service', minor: 740 },
        { name: 'Tax', minor: 733 },
      ],
    });
    // The amount sent, when sent, must agree with the receipt (a mismatch: modes.errors.test.ts).
    expect(computeSplit({ billId: 7, total: 8873, exponent: 2, split: restaurant }).total).toBe(8873);
  });

  it('JPY has no decimals: yen are the minor unit, and 12.5 yen cannot be typed', () => {
    const e = currencyExponent('JPY');
    expect(e).toBe(0);
    expect(parseMinor('1000', e)).toBe(1000);
    expect(() => parseMinor('12.5', e)).toThrow('Amount cannot have decimals');
    // 1000 yen among 3, bill 5: the odd yen goes to position 5 mod 3 = 2, user 3.
    const equal = computeSplit({
      billId: 5,
      total: 1000,
      exponent: e,
      split: { mode: 'equal', userIds: [3, 1, 2] },
    });
    expect([...equal.shares]).toEqual([
      [1, 333],
      [2, 333],
      [3, 334],
    ]);
    // A 10% service charge on 1,005 yen is 100.5 yen: 101 on the receipt.
    const items = computeSplit({
      billId: 1,
      exponent: e,
      split: {
        mode: 'items',
        items: [{ name: 'Ramen', minor: 1005, userIds: [1, 2] }],
        charges: [{ name: 'Service', basisPoints: 1000 }],
      },
    });
    expect(items.total).toBe(1106);
    expect(items.charges).toEqual([{ name: 'Service', minor: 101 }]);
    expect([...items.shares.values()]).toEqual([553, 553]);
  });

  it('KWD has 3 decimals: fils are the minor unit', () => {
    const e = currencyExponent('KWD');
    expect(e).toBe(3);
    const total = parseMinor('10.000', e);
    expect(total).toBe(10_000);
    expect(() => parseMinor('1.2345', e)).toThrow('Amount can have at most 3 decimals');
    // 2:1:0 of 10.000 KWD: 6.666…, 3.333…, 0 → 6.667, 3.333, 0.000.
    const result = computeSplit({
      billId: 1,
      total,
      exponent: e,
      split: {
        mode: 'shares',
        shares: [
          { userId: 4, shares: 2 },
          { userId: 5, shares: 1 },
          { userId: 6, shares: 0 },
        ],
      },
    });
    expect([...result.shares.values()].map((m) => formatMinor(m, e))).toEqual(['6.667', '3.333', '0.000']);
  });

  it('0.01 among 3: one cent to one person, chosen by the tie rule or by the largest remainder', () => {
    const equal = (billId: number) =>
      computeSplit({ billId, total: 1, exponent: 2, split: { mode: 'equal', userIds: [1, 2, 3] } }).shares;
    expect([...equal(2).values()]).toEqual([0, 0, 1]);
    expect([...equal(3).values()]).toEqual([1, 0, 0]);
    expect([...equal(4).values()]).toEqual([0, 1, 0]);
    // 33.33% / 33.33% / 33.34%: the cent goes to the largest exact share whatever the bill id.
    for (const billId of [0, 1, 2]) {
      const percent = computeSplit({
        billId,
        total: 1,
        exponent: 2,
        split: {
          mode: 'percent',
          percents: [
            { userId: 1, basisPoints: 3333 },
            { userId: 2, basisPoints: 3334 },
            { userId: 3, basisPoints: 3333 },
          ],
        },
      });
      expect([...percent.shares.values()]).toEqual([0, 1, 0]);
    }
  });

  it('a charge of exactly half a unit rounds up, as a receipt prints it; just below half rounds down', () => {
    const bill = (minor: number) =>
      computeSplit({
        billId: 1,
        exponent: 2,
        split: {
          mode: 'items',
          items: [{ name: 'Coffee', minor, userIds: [1] }],
          charges: [{ name: 'Tip', basisPoints: 1000 }],
        },
      });
    expect(bill(125).charges).toEqual([{ name: 'Tip', minor: 13 }]); // 12.5 cents
    expect(bill(125).total).toBe(138);
    expect(bill(124).charges).toEqual([{ name: 'Tip', minor: 12 }]); // 12.4 cents
  });

  it('exact mode returns its amounts, zero included, in user-id order', () => {
    const result = computeSplit({
      billId: 9,
      total: 1250,
      exponent: 2,
      split: {
        mode: 'exact',
        amounts: [
          { userId: 8, minor: 1000 },
          { userId: 2, minor: 0 },
          { userId: 5, minor: 250 },
        ],
      },
    });
    expect([...result.shares]).toEqual([
      [2, 0],
      [5, 250],
      [8, 1000],
    ]);
  });
});
