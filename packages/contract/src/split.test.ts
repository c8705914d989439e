import { describe, expect, it } from 'vitest';
import { splitInput, splitSchema } from './split.js';

// The items mode's real-bills additions (docs/api/README.md#splitting): quantity, "all", fixed and negative charges,
// all optional, so a body of the first items mode parses to exactly what it did.

const issues = (body: unknown) => {
  const r = splitInput.safeParse(body);
  expect(r.success).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('splitInput, items mode', () => {
  it('parses a body of the first items mode to the same value as before (a charge’s answered amount dropped)', () => {
    const body = {
      mode: 'items',
      items: [
        { name: 'Pasta', amount: 18, userIds: [1] },
        { name: 'Wine', amount: 24, userIds: ['2', 3] },
      ],
      charges: [
        { name: 'Service', percent: 10 },
        { name: 'Tax', percent: 9, amount: 7.33 },
      ],
    };
    expect(splitInput.parse(body)).toStrictEqual({
      mode: 'items',
      items: [
        { name: 'Pasta', amount: 18, userIds: [1] },
        { name: 'Wine', amount: 24, userIds: [2, 3] },
      ],
      charges: [
        { name: 'Service', percent: 10 },
        { name: 'Tax', percent: 9 },
      ],
    });
    expect(splitInput.parse({ mode: 'items', items: body.items })).toStrictEqual({
      mode: 'items',
      items: [
        { name: 'Pasta', amount: 18, userIds: [1] },
        { name: 'Wine', amount: 24, userIds: [2, 3] },
      ],
      charges: [],
    });
  });

  it('takes quantity, "all", fixed charges and negative charges', () => {
    expect(
      splitInput.parse({
        mode: 'items',
        items: [
          { name: 'Crab', amount: 88, userIds: 'all' },
          { name: 'Beer', amount: 27, userIds: [1, 2], quantity: 3 },
        ],
        charges: [
          { name: 'Service', percent: 10 },
          { name: 'Voucher', amount: -10 },
          { name: 'Members', percent: -12.5 },
          { name: 'Delivery', amount: 5 },
        ],
      }),
    ).toStrictEqual({
      mode: 'items',
      items: [
        { name: 'Crab', amount: 88, userIds: 'all' },
        { name: 'Beer', amount: 27, userIds: [1, 2], quantity: 3 },
      ],
      charges: [
        { name: 'Service', percent: 10 },
        { name: 'Voucher', amount: -10 },
        { name: 'Members', percent: -12.5 },
        { name: 'Delivery', amount: 5 },
      ],
    });
  });

  it.each<[string, unknown, { path: string; message: string }[]]>([
    [
      'an item nobody shares (the message of the first mode)',
      { userIds: [] },
      [{ path: 'items.0.userIds', message: 'Choose at least one person to share this item' }],
    ],
    [
      'a person who is not a user id (in words: one schema, so the server words it)',
      { userIds: [1.5] },
      [{ path: 'items.0.userIds', message: 'Choose the people who share this item (user ids), or "all"' }],
    ],
    [
      'everyone spelled otherwise',
      { userIds: 'everyone' },
      [{ path: 'items.0.userIds', message: 'Choose the people who share this item (user ids), or "all"' }],
    ],
    [
      'a quantity of 0',
      { quantity: 0 },
      [{ path: 'items.0.quantity', message: 'Quantity must be at least 1' }],
    ],
    [
      'a fractional quantity',
      { quantity: 1.5 },
      [{ path: 'items.0.quantity', message: 'Quantity must be a whole number' }],
    ],
    [
      'a quantity above 10,000',
      { quantity: 10_001 },
      [{ path: 'items.0.quantity', message: 'Quantity must be at most 10,000' }],
    ],
  ])('refuses %s', (_, item, expected) => {
    expect(
      issues({ mode: 'items', items: [{ name: 'Tea', amount: 2, userIds: [1], ...(item as object) }] }),
    ).toEqual(expected);
  });

  it.each<[string, unknown, { path: string; message: string }[]]>([
    [
      'a charge with neither percent nor amount',
      { name: 'Tip' },
      [{ path: 'charges.0.percent', message: 'Give each charge a percent or an amount' }],
    ],
    [
      'a percent below -100',
      { name: 'Off', percent: -100.5 },
      [{ path: 'charges.0.percent', message: 'Percent must be between -100 and 100' }],
    ],
    [
      'a percent above 100',
      { name: 'Tip', percent: 101 },
      [{ path: 'charges.0.percent', message: 'Percent must be between -100 and 100' }],
    ],
    [
      'a negative percent with 3 decimals',
      { name: 'Off', percent: -1.125 },
      [{ path: 'charges.0.percent', message: 'Percent can have at most 2 decimals' }],
    ],
    [
      'an amount that is not a number',
      { name: 'Fee', amount: '5' },
      [{ path: 'charges.0.amount', message: 'Amount must be a number' }],
    ],
  ])('refuses %s', (_, charge, expected) => {
    expect(
      issues({ mode: 'items', items: [{ name: 'Tea', amount: 2, userIds: [1] }], charges: [charge] }),
    ).toEqual(expected);
  });

  it('a bill’s answer keeps an item’s quantity', () => {
    const answer = {
      mode: 'items',
      items: [{ name: 'Beer', amount: 27, userIds: [1], quantity: 3 }],
      charges: [{ name: 'Tax', percent: 9, amount: 2.43 }],
    };
    expect(splitSchema.parse(answer)).toStrictEqual(answer);
  });
});
