import { describe, expect, it } from 'vitest';
import en from 'virtual:outing-catalogue/en';
import zh from 'virtual:outing-catalogue/zh';
import { SplitError, computeBill, computeSplit, type SplitSpec } from '@outing/ledger';
import { applyCatalogue, t } from '@/lib/i18n/i18n';
import { splitErrorMessage, splitErrorText } from './split-error-text';

/** What the ledger says when it refuses `split` (with `total` in cents, exponent 2). */
function refusal(split: SplitSpec, total?: number): string {
  try {
    computeSplit({ billId: 0, exponent: 2, split, ...(total !== undefined && { total }) });
  } catch (error) {
    if (error instanceof SplitError) return error.message;
    throw error;
  }
  throw new Error('the ledger accepted it');
}

const item = (name: string, minor: number, userIds = [1]) => ({ name, minor, userIds });
const people = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

// Every refusal the bill form can meet: the ledger's own words, so a reworded ledger message fails here.
const CASES: [string, string][] = [
  ['nobody to split with', refusal({ mode: 'equal', userIds: [] }, 1000)],
  ['no exact amounts', refusal({ mode: 'exact', amounts: [] }, 1000)],
  ['no shares', refusal({ mode: 'shares', shares: [] }, 1000)],
  ['no percentages', refusal({ mode: 'percent', percents: [] }, 1000)],
  ['shares all 0', refusal({ mode: 'shares', shares: [{ userId: 1, shares: 0 }] }, 1000)],
  ['percentages not 100', refusal({ mode: 'percent', percents: [{ userId: 1, basisPoints: 9950 }] }, 1000)],
  ['amounts not the total', refusal({ mode: 'exact', amounts: [{ userId: 1, minor: 1200 }] }, 1250)],
  ['items not the total', refusal({ mode: 'items', items: [item('Pasta', 1200)], charges: [] }, 1250)],
  [
    'items above the cap',
    refusal({
      mode: 'items',
      items: [item('Car', 100_000_000)],
      charges: [{ name: 'Tax', basisPoints: 1000 }],
    }),
  ],
  ['too many people', refusal({ mode: 'equal', userIds: people(51) }, 1000)],
  [
    'too many items',
    refusal({ mode: 'items', items: people(101).map((i) => item(`Item ${i}`, 100)), charges: [] }),
  ],
  [
    'too many charges',
    refusal({
      mode: 'items',
      items: [item('Pasta', 100)],
      charges: people(11).map((i) => ({ name: `Charge ${i}`, basisPoints: 100 })),
    }),
  ],
  ['no items', refusal({ mode: 'items', items: [], charges: [] })],
  ['an item of 0', refusal({ mode: 'items', items: [item('Pasta', 0)], charges: [] })],
  ['an item without a name', refusal({ mode: 'items', items: [item(' ', 100)], charges: [] })],
  [
    'a charge without a name',
    refusal({ mode: 'items', items: [item('Pasta', 100)], charges: [{ name: '', basisPoints: 100 }] }),
  ],
];

describe('the ledger’s refusals in the interface’s language', () => {
  it.each(CASES)('%s: known, and the English catalogue says what the ledger says', (_case, message) => {
    const said = splitErrorMessage(message);
    expect(said, message).not.toBeNull();
    expect(t(said!.key, said!.values)).toBe(message);
  });

  it('says them in Chinese when the interface is in Chinese', () => {
    applyCatalogue('zh', zh, 'zh-CN');
    try {
      expect(splitErrorText(CASES[5]![1])).toBe('百分比合计为 99.5%，不是 100%');
      expect(splitErrorText(CASES[0]![1])).toBe('请至少选择一位分摊人');
    } finally {
      applyCatalogue('en', en, 'en-GB');
    }
  });

  it('says a voucher that takes a real bill to 0 or below (computeBill) in both languages', () => {
    let message = '';
    try {
      computeBill({
        billId: 0,
        roomCurrency: 'USD',
        paidBy: 1,
        split: {
          mode: 'items',
          items: [{ name: 'Soup', minor: 500, userIds: [1] }],
          charges: [{ name: 'Voucher', minor: -1000 }],
        },
      });
    } catch (error) {
      message = (error as Error).message;
    }
    const said = splitErrorMessage(message);
    expect(said, message).not.toBeNull();
    expect(t(said!.key, said!.values)).toBe(message);
    applyCatalogue('zh', zh, 'zh-CN');
    try {
      expect(splitErrorText(message)).toBe('计入“Voucher”后账单为 -5.00：必须大于 0');
    } finally {
      applyCatalogue('en', en, 'en-GB');
    }
  });

  it('shows a message it does not know as the ledger wrote it', () => {
    expect(splitErrorText('Each person can appear only once')).toBe('Each person can appear only once');
  });
});
