import { describe, expect, it } from 'vitest';
import { computeBill, convertAmount, ownerOf, parseRate, type BillComputeInput } from './bill.js';
import { computeSplit } from './modes.js';
import { billSpecFromJson, specFromJson, specToBillJson, specUserIds } from './split-json.js';
import { SplitError, type BillSplitSpec, type ChargeSpec, type SplitSpec } from './split-input.js';

// Real bills (docs/money.md, "Real bills"): several payers, receipts as printed, a foreign currency.

/** The receipt: crab for everyone, prawns for two, 3 beers, 10% service, a $10 voucher, 9% GST. */
const receipt: BillSplitSpec = {
  mode: 'items',
  items: [
    { name: 'Crab', minor: 8800, userIds: 'all' },
    { name: 'Prawns', minor: 3200, userIds: [2, 1] },
    { name: 'Beer', minor: 2700, userIds: [2, 3, 4], quantity: 3 },
  ],
  charges: [
    { name: 'Service', basisPoints: 1000 },
    { name: 'Voucher', minor: -1000 },
    { name: 'GST', basisPoints: 900 },
  ],
};

function splitError(run: () => unknown): { path: string; message: string } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(SplitError);
    return { path: (err as SplitError).path, message: (err as SplitError).message };
  }
  throw new Error('expected a SplitError');
}

describe('computeBill: worked examples', () => {
  it('the receipt, paid by two: charges in order, the voucher as is, GST rounded half up, shares by largest remainder', () => {
    // Items 147.00 (Ann 22 + 16 = 38, Bob 22 + 16 + 9 = 47, Cy 31, Di 31). Service 10% = 14.70 → 161.70; voucher
    // −10.00 → 151.70; GST 9% = 13.653 → 13.65 → 165.35. Exact shares = items × 165.35 / 147: 42.7435…,
    // 52.8670…, 34.8697… twice; the floors leave 3 cents, for the remainders 143/147 (Cy, Di) and 103/147 (Bob).
    const bill = computeBill({
      billId: 1,
      roomCurrency: 'SGD',
      split: receipt,
      members: [4, 3, 2, 1],
      paidBy: [
        { userId: 2, minor: 6535 },
        { userId: 1, minor: 10_000 },
      ],
    });
    expect(bill).toEqual({
      amount: 16_535,
      subtotal: 14_700,
      originalAmount: 16_535,
      currency: 'SGD',
      exponent: 2,
      rate: null,
      shares: [
        { userId: 1, minor: 4274 },
        { userId: 2, minor: 5287 },
        { userId: 3, minor: 3487 },
        { userId: 4, minor: 3487 },
      ],
      payers: [
        { userId: 1, minor: 10_000 },
        { userId: 2, minor: 6535 },
      ],
      ownerId: 1,
      originalShares: [
        { userId: 1, minor: 4274 },
        { userId: 2, minor: 5287 },
        { userId: 3, minor: 3487 },
        { userId: 4, minor: 3487 },
      ],
      originalPayers: [
        { userId: 1, minor: 10_000 },
        { userId: 2, minor: 6535 },
      ],
      charges: [
        { name: 'Service', minor: 1470 },
        { name: 'Voucher', minor: -1000 },
        { name: 'GST', minor: 1365 },
      ],
    });
  });

  it('a negative percent is rounded half up in size, as a receipt prints a discount', () => {
    // 10% of 12.45 is 1.245: +1.25 as a charge, −1.25 as a discount (never −1.24, which floor(x + ½) would give).
    const bill = (bp: number) =>
      computeBill({
        billId: 0,
        roomCurrency: 'USD',
        split: {
          mode: 'items',
          items: [{ name: 'Soup', minor: 1245, userIds: [1] }],
          charges: [{ name: 'Change', basisPoints: bp }],
        },
        paidBy: 1,
      });
    expect(bill(1000).charges).toEqual([{ name: 'Change', minor: 125 }]);
    expect(bill(-1000).charges).toEqual([{ name: 'Change', minor: -125 }]);
    expect(bill(-1000).amount).toBe(1120);
    // Below the half the size rounds down: 41.49% of 1.00 is 0.4149, a discount of −0.41.
    const small = computeBill({
      billId: 0,
      roomCurrency: 'USD',
      split: {
        mode: 'items',
        items: [{ name: 'Tea', minor: 100, userIds: [1] }],
        charges: [{ name: 'Off', basisPoints: -4149 }],
      },
      paidBy: 1,
    });
    expect(small.charges).toEqual([{ name: 'Off', minor: -41 }]);
  });

  it('¥12,345 of ramen at 0.0091 in a SGD room: 112.3395 → 112.34, then every share scaled to it', () => {
    const bill = computeBill({
      billId: 5,
      roomCurrency: 'SGD',
      currency: 'JPY',
      rate: '0.0091',
      total: 12_345,
      split: { mode: 'equal', userIds: [3, 1, 2] },
      paidBy: [
        { userId: 2, minor: 6000 },
        { userId: 1, minor: 6345 },
      ],
    });
    // Yen shares 4115 each; each is exactly 11234 / 3 = 3744.67 cents: two get 3745, the tie rule starting at
    // position 5 mod 3 = 2 (user 3, then user 1). Payers: 6345 × 11234 / 12345 = 5773.95… → 5774 and
    // 6000 × 11234 / 12345 = 5460.04… → 5460.
    expect(bill).toMatchObject({
      amount: 11_234,
      originalAmount: 12_345,
      subtotal: 12_345,
      currency: 'JPY',
      exponent: 0,
      rate: '0.0091',
      shares: [
        { userId: 1, minor: 3745 },
        { userId: 2, minor: 3744 },
        { userId: 3, minor: 3745 },
      ],
      payers: [
        { userId: 1, minor: 5774 },
        { userId: 2, minor: 5460 },
      ],
      ownerId: 1,
    });
  });

  it('converts between exponents 0, 2 and 3, rounding half up to the room’s minor unit', () => {
    // 1.250 KWD at 493.5 JPY per KWD = 616.875 yen → 617; 10.00 SGD at 0.2275 KWD = 2.275 KWD → 2275 fils;
    // 3 yen at 0.005 SGD = 0.015 SGD → 0.02 (the half goes up); 1 yen at 0.004 = 0.004 → 0.00, refused below.
    expect(convertAmount(1250, 3, parseRate('493.5'), 0)).toBe(617);
    expect(convertAmount(1000, 2, parseRate('0.2275'), 3)).toBe(2275);
    expect(convertAmount(3, 0, parseRate('0.005'), 2)).toBe(2);
    expect(convertAmount(1, 0, parseRate('0.004'), 2)).toBe(0);
  });

  it('a converted amount (a card statement) wins over a rate', () => {
    const bill = computeBill({
      billId: 2,
      roomCurrency: 'SGD',
      currency: 'EUR',
      rate: '1.45',
      convertedAmount: 1502,
      total: 1000,
      split: {
        mode: 'shares',
        shares: [
          { userId: 1, shares: 1 },
          { userId: 2, shares: 2 },
        ],
      },
      paidBy: 2,
    });
    // EUR shares 3.33 and 6.67 (1/3 and 2/3 of 10.00); scaled to 15.02: 5.0016… → 5.00, 10.0178… → 10.02.
    expect(bill).toMatchObject({ amount: 1502, rate: null, originalAmount: 1000, ownerId: 2 });
    expect(bill.originalShares).toEqual([
      { userId: 1, minor: 333 },
      { userId: 2, minor: 667 },
    ]);
    expect(bill.shares).toEqual([
      { userId: 1, minor: 500 },
      { userId: 2, minor: 1002 },
    ]);
    expect(bill.payers).toEqual([{ userId: 2, minor: 1502 }]);
  });

  it('a bill of the first kind answers exactly as computeSplit does', () => {
    const split: SplitSpec = {
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
    const old = computeSplit({ billId: 7, exponent: 2, split });
    const bill = computeBill({ billId: 7, roomCurrency: 'USD', split, paidBy: 2 });
    expect(bill.amount).toBe(old.total);
    expect(new Map(bill.shares.map((s) => [s.userId, s.minor]))).toEqual(old.shares);
    expect(bill.charges).toEqual(old.charges);
    expect(bill.payers).toEqual([{ userId: 2, minor: 8873 }]);
  });

  it('quantity changes nothing but what is shown', () => {
    const base = { billId: 3, roomCurrency: 'USD', paidBy: 1 } as const;
    const line = (quantity?: number): BillSplitSpec => ({
      mode: 'items',
      items: [{ name: 'Beer', minor: 2700, userIds: [1, 2], ...(quantity ? { quantity } : {}) }],
      charges: [],
    });
    expect(computeBill({ ...base, split: line(3) }).shares).toEqual(
      computeBill({ ...base, split: line() }).shares,
    );
  });

  it('the owner is the payer who paid most; between equals, the lowest id', () => {
    expect(
      ownerOf([
        { userId: 5, minor: 300 },
        { userId: 3, minor: 300 },
        { userId: 4, minor: 200 },
      ]),
    ).toBe(3);
    expect(
      ownerOf([
        { userId: 5, minor: 301 },
        { userId: 3, minor: 300 },
      ]),
    ).toBe(5);
  });
});

describe('parseRate', () => {
  it.each([
    ['0.0091', 91n, 10_000n, '0.0091'],
    ['1500', 1500n, 1n, '1500'],
    ['0001.2300', 123n, 100n, '1.23'],
    [' 0.5 ', 5n, 10n, '0.5'],
    ['123456789012', 123_456_789_012n, 1n, '123456789012'],
    ['0.000000000001', 1n, 10n ** 12n, '0.000000000001'],
    ['12345.6789012', 123_456_789_012n, 10n ** 7n, '12345.6789012'],
  ])('%s is exactly %i / %i', (text, numerator, denominator, normal) => {
    expect(parseRate(text)).toEqual({ numerator, denominator, text: normal });
  });

  it.each([
    ['0', 'The rate must be above 0'],
    ['0.000', 'The rate must be above 0'],
    ['1234567890123', 'The rate can have at most 12 significant digits'],
    ['1.234567890123', 'The rate can have at most 12 significant digits'],
    ['-1', 'The rate must be a decimal number, like 0.0091'],
    ['1e-3', 'The rate must be a decimal number, like 0.0091'],
    ['1,5', 'The rate must be a decimal number, like 0.0091'],
    ['.5', 'The rate must be a decimal number, like 0.0091'],
    ['', 'The rate must be a decimal number, like 0.0091'],
    [0.5, 'The rate must be a decimal number, like 0.0091'],
    ['0'.repeat(41), 'The rate is too long'],
  ])('%s is refused: %s', (text, message) => {
    expect(splitError(() => parseRate(text))).toEqual({ path: 'rate', message });
  });
});

describe('computeBill: bad input is a SplitError naming the field', () => {
  const base: BillComputeInput = {
    billId: 1,
    roomCurrency: 'SGD',
    total: 1000,
    split: { mode: 'equal', userIds: [1, 2] },
    paidBy: 1,
  };
  const items = (charges: ChargeSpec[]): BillSplitSpec => ({
    mode: 'items',
    items: [{ name: 'Crab', minor: 1000, userIds: [1, 2] }],
    charges,
  });

  it.each<[string, Partial<BillComputeInput>, string, string]>([
    [
      'payers not adding up',
      {
        paidBy: [
          { userId: 1, minor: 600 },
          { userId: 2, minor: 300 },
        ],
      },
      'paidBy',
      'The payers’ amounts add up to 9.00, not 10.00',
    ],
    [
      'a payer twice',
      {
        paidBy: [
          { userId: 1, minor: 500 },
          { userId: 1, minor: 500 },
        ],
      },
      'paidBy.1.userId',
      'Each person can appear only once among the payers',
    ],
    [
      'a payer of 0',
      {
        paidBy: [
          { userId: 1, minor: 1000 },
          { userId: 2, minor: 0 },
        ],
      },
      'paidBy.1.amount',
      'Amount must be greater than 0',
    ],
    ['nobody paying', { paidBy: [] }, 'paidBy', 'Say who paid'],
    ['a payer that is not an id', { paidBy: 1.5 }, 'paidBy', 'Each person must be given by their user id'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'Currency must be an ISO 4217 code, like SGD'],
    [
      'a rate for the room’s own currency',
      { currency: 'SGD', rate: '1' },
      'rate',
      'A rate is only for a bill in another currency than the room’s',
    ],
    [
      'a converted amount for the room’s own currency',
      { convertedAmount: 1000 },
      'convertedAmount',
      'A converted amount is only for a bill in another currency',
    ],
    [
      'a foreign bill without a rate',
      { currency: 'JPY' },
      'rate',
      'Give the rate to SGD, or what the bill came to in SGD',
    ],
    [
      'a rate bringing the bill to 0',
      { currency: 'JPY', rate: '0.000001' },
      'rate',
      'At this rate the bill comes to 0.00 SGD',
    ],
    [
      'a rate past the cap',
      { currency: 'JPY', total: 1_000_000, rate: '2' },
      'rate',
      'At this rate the bill comes to more than the 1,000,000 SGD a bill can carry',
    ],
    [
      'a converted amount of 0',
      { currency: 'JPY', convertedAmount: 0 },
      'convertedAmount',
      'Amount must be greater than 0',
    ],
    [
      'a voucher taking the bill to 0',
      { total: undefined, split: items([{ name: 'Voucher', minor: -1000 }]) },
      'split.charges.0',
      'After “Voucher” the bill comes to 0.00: it must stay above 0',
    ],
    [
      'a discount of 100%',
      { total: undefined, split: items([{ name: 'Free', basisPoints: -10_000 }]) },
      'split.charges.0',
      'After “Free” the bill comes to 0.00: it must stay above 0',
    ],
    [
      'a percent below −100',
      { total: undefined, split: items([{ name: 'Off', basisPoints: -10_001 }]) },
      'split.charges.0.percent',
      'Charges must be between -100 and 100',
    ],
    [
      'a fixed charge with too many decimals',
      { total: undefined, split: items([{ name: 'Fee', minor: 0.5 }]) },
      'split.charges.0.amount',
      'Amount can have at most 2 decimals',
    ],
    [
      'a fixed charge past the cap',
      { total: undefined, split: items([{ name: 'Fee', minor: -100_000_001 }]) },
      'split.charges.0.amount',
      'Amount must be between -1,000,000 and 1,000,000',
    ],
    [
      'a quantity of 0',
      {
        total: undefined,
        split: {
          mode: 'items',
          items: [{ name: 'Beer', minor: 900, userIds: [1], quantity: 0 }],
          charges: [],
        },
      },
      'split.items.0.quantity',
      'Quantity must be a whole number from 1 to 10,000',
    ],
    [
      'the amount sent not matching the receipt',
      { total: 999, split: items([{ name: 'Fee', minor: 500 }]) },
      'amount',
      'The items and charges add up to 15.00, not 9.99',
    ],
  ])('%s', (_, change, path, message) => {
    expect(splitError(() => computeBill({ ...base, ...change }))).toEqual({ path, message });
  });

  it('an item for everyone needs the members (the caller’s duty, not a person’s)', () => {
    expect(() =>
      computeBill({
        ...base,
        total: undefined,
        split: { mode: 'items', items: [{ name: 'Crab', minor: 100, userIds: 'all' }], charges: [] },
      }),
    ).toThrow(RangeError);
  });

  it('computeSplit keeps the first rules: no negative charge, no "all"', () => {
    expect(
      splitError(() =>
        computeSplit({
          billId: 1,
          exponent: 2,
          split: items([{ name: 'Off', basisPoints: -1000 }]) as SplitSpec,
        }),
      ),
    ).toEqual({ path: 'split.charges.0.percent', message: 'Charges must be between 0 and 100' });
    expect(
      splitError(() =>
        computeSplit({
          billId: 1,
          exponent: 2,
          split: {
            mode: 'items',
            items: [{ name: 'Crab', minor: 100, userIds: 'all' }],
            charges: [],
          } as unknown as SplitSpec,
        }),
      ),
    ).toEqual({ path: 'split.items.0.userIds', message: 'Choose who had “Crab”' });
  });
});

describe('a real bill’s split in JSON', () => {
  const json = {
    mode: 'items' as const,
    items: [
      { name: 'Crab', amount: 88, userIds: 'all' as const },
      { name: 'Beer', amount: 27, userIds: [2, 3], quantity: 3 },
    ],
    charges: [
      { name: 'Service', percent: 10 },
      { name: 'Voucher', amount: -10 },
      { name: 'Members', percent: -12.5 },
    ],
  };

  it('reads quantity, "all", fixed and negative charges exactly, and writes them back', () => {
    const spec = billSpecFromJson(json, 2);
    expect(spec).toEqual({
      mode: 'items',
      items: [
        { name: 'Crab', minor: 8800, userIds: 'all' },
        { name: 'Beer', minor: 2700, userIds: [2, 3], quantity: 3 },
      ],
      charges: [
        { name: 'Service', basisPoints: 1000 },
        { name: 'Voucher', minor: -1000 },
        { name: 'Members', basisPoints: -1250 },
      ],
    });
    expect(specToBillJson(spec, 2)).toEqual(json);
    expect(specUserIds(spec)).toEqual([2, 3]);
    expect(
      splitError(() => billSpecFromJson({ ...json, charges: [{ name: 'Fee', amount: -1.005 }] }, 2)),
    ).toEqual({ path: 'split.charges.0.amount', message: 'Amount can have at most 2 decimals' });
  });

  it('specFromJson, computeSplit’s, refuses what only computeBill takes, and reads the rest as before', () => {
    expect(splitError(() => specFromJson(json, 2))).toEqual({
      path: 'split.items.0.userIds',
      message: 'Choose the people who had “Crab”',
    });
    expect(splitError(() => specFromJson({ ...json, items: [json.items[1]!] }, 2))).toEqual({
      path: 'split.charges.1.percent',
      message: 'Give each charge as a percent',
    });
    // A negative exact amount is refused as it always was.
    expect(
      splitError(() => specFromJson({ mode: 'exact', amounts: [{ userId: 1, amount: -5 }] }, 2)),
    ).toEqual({ path: 'split.amounts.0.amount', message: 'Amount must be greater than 0' });
  });
});
