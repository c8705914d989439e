import { describe, expect, it } from 'vitest';
import { computeSplit, type SplitInput } from './modes.js';
import { SplitError, type SplitSpec } from './split-input.js';

function expectSplitError(input: SplitInput, path: string, message: string) {
  let error: unknown;
  try {
    computeSplit(input);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SplitError);
  expect({ path: (error as SplitError).path, message: (error as SplitError).message }).toEqual({
    path,
    message,
  });
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const item = (name: string, userIds: number[], minor = 100) => ({ name, minor, userIds });
const items = (list: ReturnType<typeof item>[], charges: { name: string; basisPoints: number }[] = []) =>
  ({ mode: 'items', items: list, charges }) as const;

describe('computeSplit: bad input is a SplitError with the field and a sentence a person can act on', () => {
  it.each<[string, Partial<SplitInput> & { split: SplitSpec }, string, string]>([
    [
      'no people',
      { split: { mode: 'equal', userIds: [] } },
      'split.userIds',
      'Choose at least one person to split with',
    ],
    [
      'a duplicate',
      { split: { mode: 'equal', userIds: [1, 2, 1] } },
      'split.userIds.2',
      'Each person can appear only once',
    ],
    [
      '51 people',
      { split: { mode: 'equal', userIds: ids(51) } },
      'split.userIds',
      'A bill can be split among at most 50 people',
    ],
    [
      'a bad id',
      { split: { mode: 'equal', userIds: [1, 2.5] } },
      'split.userIds.1',
      'Each person must be given by their user id',
    ],
    [
      'no amount',
      { total: undefined, split: { mode: 'equal', userIds: [1] } },
      'amount',
      'amount is required',
    ],
    [
      'amount 0',
      { total: 0, split: { mode: 'equal', userIds: [1] } },
      'amount',
      'Amount must be greater than 0',
    ],
    [
      'over the cap',
      { total: 100_000_001, split: { mode: 'equal', userIds: [1] } },
      'amount',
      'Amount must be at most 1,000,000',
    ],
    [
      'yen with decimals',
      { exponent: 0, total: 1.5, split: { mode: 'equal', userIds: [1] } },
      'amount',
      'Amount cannot have decimals',
    ],
    [
      'exact amounts not adding up',
      {
        total: 1250,
        split: {
          mode: 'exact',
          amounts: [
            { userId: 1, minor: 600 },
            { userId: 2, minor: 600 },
          ],
        },
      },
      'split.amounts',
      'The amounts add up to 12.00, not 12.50',
    ],
    [
      'a negative exact amount',
      {
        total: 100,
        split: {
          mode: 'exact',
          amounts: [
            { userId: 1, minor: 200 },
            { userId: 2, minor: -100 },
          ],
        },
      },
      'split.amounts.1.amount',
      'Amounts cannot be negative',
    ],
    [
      'a duplicate in exact',
      {
        split: {
          mode: 'exact',
          amounts: [
            { userId: 1, minor: 50 },
            { userId: 1, minor: 50 },
          ],
        },
      },
      'split.amounts.1.userId',
      'Each person can appear only once',
    ],
    [
      'shares all zero',
      {
        split: {
          mode: 'shares',
          shares: [
            { userId: 1, shares: 0 },
            { userId: 2, shares: 0 },
          ],
        },
      },
      'split.shares',
      'At least one person needs a share above 0',
    ],
    [
      'a fractional share',
      { split: { mode: 'shares', shares: [{ userId: 1, shares: 1.5 }] } },
      'split.shares.0.shares',
      'Shares must be whole numbers from 0 to 1,000,000',
    ],
    [
      'percentages not adding up',
      {
        split: {
          mode: 'percent',
          percents: [
            { userId: 1, basisPoints: 4950 },
            { userId: 2, basisPoints: 5000 },
          ],
        },
      },
      'split.percents',
      'Percentages add up to 99.5%, not 100%',
    ],
    [
      'a percent above 100',
      {
        split: {
          mode: 'percent',
          percents: [
            { userId: 1, basisPoints: 10_100 },
            { userId: 2, basisPoints: -100 },
          ],
        },
      },
      'split.percents.0.percent',
      'Percentages must be between 0 and 100',
    ],
    [
      'a percent below 0',
      {
        split: {
          mode: 'percent',
          percents: [
            { userId: 1, basisPoints: 10_100 },
            { userId: 2, basisPoints: -100 },
          ].reverse(),
        },
      },
      'split.percents.0.percent',
      'Percentages must be between 0 and 100',
    ],
    [
      'three decimals of percent',
      { split: { mode: 'percent', percents: [{ userId: 1, basisPoints: 3333.3 }] } },
      'split.percents.0.percent',
      'Percentages can have at most 2 decimals',
    ],
    ['no items', { split: items([]) }, 'split.items', 'Add at least one item'],
    [
      '101 items',
      { split: items(ids(101).map((i) => item(`#${i}`, [1]))) },
      'split.items',
      'A bill can have at most 100 items',
    ],
    [
      'an item with nobody',
      { split: items([item('Bread', [1]), item('Wine', [])]) },
      'split.items.1.userIds',
      'Choose who had “Wine”',
    ],
    [
      'a person twice on an item',
      { split: items([item('Wine', [1, 2, 1])]) },
      'split.items.0.userIds.2',
      'Each person can appear only once in “Wine”',
    ],
    [
      'an item of 0',
      { split: items([item('Wine', [1], 0)]) },
      'split.items.0.amount',
      'Each item needs an amount above 0',
    ],
    [
      'an item with no name',
      { split: items([item(' ', [1])]) },
      'split.items.0.name',
      'Each item needs a name of 1 to 60 characters',
    ],
    [
      '51 people over the items',
      { split: items([item('A', ids(30)), item('B', ids(51).slice(30))]) },
      'split.items',
      'A bill can be split among at most 50 people',
    ],
    [
      '11 charges',
      {
        split: items(
          [item('A', [1])],
          ids(11).map((i) => ({ name: `c${i}`, basisPoints: 100 })),
        ),
      },
      'split.charges',
      'A bill can have at most 10 charges',
    ],
    [
      'a charge with a 41-character name',
      { split: items([item('A', [1])], [{ name: 'x'.repeat(41), basisPoints: 100 }]) },
      'split.charges.0.name',
      'Each charge needs a name of 1 to 40 characters',
    ],
    [
      'a charge above 100%',
      { split: items([item('A', [1])], [{ name: 'Tip', basisPoints: 10_001 }]) },
      'split.charges.0.percent',
      'Charges must be between 0 and 100',
    ],
    [
      'charges pushing the bill past the cap',
      { split: items([item('A', [1], 60_000_000)], [{ name: 'Tip', basisPoints: 10_000 }]) },
      'split.items',
      'The items and charges come to 1200000.00, above the 1,000,000 a bill can carry',
    ],
    [
      'an unknown mode',
      { split: { mode: 'random' } as unknown as SplitSpec },
      'split.mode',
      'Split mode must be equal, exact, shares, percent or items',
    ],
  ])('%s', (_, input, path, message) => {
    expectSplitError({ billId: 1, total: 100, exponent: 2, ...input }, path, message);
  });
});
