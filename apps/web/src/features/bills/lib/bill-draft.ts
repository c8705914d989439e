import type { Bill } from '@outing/contract';
import { formatPercent } from '@outing/ledger';
import type { MessageKey } from '@/lib/i18n/keys';
import { formatMoneyInput, separators, toMinor, userLocale } from '@/lib/money';
import { payersFromBill, type PayerDraft } from './bill-payers';
import type { ForeignDraft } from './bill-foreign';

// The bill form's state: every field as the person typed it (text), kept per split mode, so switching modes and
// coming back loses nothing, and a failed save keeps it all (docs/principles.md, principle 5).

export const SPLIT_MODES = ['equal', 'exact', 'shares', 'percent', 'items'] as const;
export type SplitModeName = (typeof SPLIT_MODES)[number];

/** Each mode's name as the review says it ("Exact amounts"); the form's tabs use shorter words. */
export const MODE_LABELS: Record<SplitModeName, MessageKey> = {
  equal: 'bills.mode.equal',
  exact: 'bills.mode.exact',
  shares: 'bills.mode.shares',
  percent: 'bills.mode.percent',
  items: 'bills.mode.items',
};

export interface ItemDraft {
  /** Stable across reorders and removals: the key of the row and of its errors. */
  key: string;
  name: string;
  amount: string;
  userIds: number[];
  /** The receipt's quantity as typed ("3" beers); empty is 1 and is not sent. The amount stays the line's total. */
  quantity?: string;
  /** Shared by everyone in the room when the bill is saved (sent as `userIds: "all"`, docs/api/README.md#real-bills). */
  everyone?: boolean;
}

/** A charge is a percent of the running total or a fixed amount in the bill's currency (docs/api/README.md#real-bills). */
export type ChargeKind = 'percent' | 'amount';

export interface ChargeDraft {
  key: string;
  name: string;
  kind: ChargeKind;
  /** As typed; a leading minus (or `discount`) makes it negative: a discount or a voucher. */
  percent: string;
  amount: string;
  /** A discount or voucher: the value is taken off (the typed minus does the same). */
  discount: boolean;
}

export interface BillDraft {
  name: string;
  /** The amount as typed (items mode derives it instead). */
  amount: string;
  paidBy: number;
  /** Several payers (issue 36): two or more rows, sent as `paidBy: [{userId, amount}]`; absent: `paidBy` alone. */
  payers?: PayerDraft[];
  /** A bill in another currency than the room's (issue 36): its currency and rate or converted amount. */
  foreign?: ForeignDraft;
  /**
   * The bill being edited was in another currency: taken back to the room's, its edit says so (`currency`), or the
   * server would keep reading its amounts in the old currency.
   */
  wasForeign?: boolean;
  mode: SplitModeName;
  /** Equal mode: who shares it. */
  equal: number[];
  /** Per person, as typed: exact amounts, share weights, percentages. */
  exact: Record<number, string>;
  shares: Record<number, string>;
  percent: Record<number, string>;
  items: ItemDraft[];
  charges: ChargeDraft[];
}

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}${++nextKey}`;

export const emptyItem = (): ItemDraft => ({
  key: newKey('i'),
  name: '',
  amount: '',
  userIds: [],
  quantity: '',
  everyone: false,
});
export const emptyCharge = (kind: ChargeKind = 'percent'): ChargeDraft => ({
  key: newKey('c'),
  name: '',
  kind,
  percent: '',
  amount: '',
  discount: false,
});

/** A new bill: paid by me, split equally among everyone in the room. */
export function newDraft(meId: number, memberIds: number[]): BillDraft {
  return {
    name: '',
    amount: '',
    paidBy: meId,
    mode: 'equal',
    equal: [...memberIds],
    exact: {},
    shares: {},
    percent: {},
    items: [emptyItem()],
    charges: [],
  };
}

/** A percentage as the field shows it in the locale: 12.5 → "12,5" in de-DE. */
export function percentText(percent: number, locale = userLocale()): string {
  const text = formatPercent(Math.round(percent * 100));
  return text.replace('.', separators(locale).decimal);
}

/** An existing bill as the form's state (edit): every mode's fields from its `split`. */
export function draftFromBill(bill: Bill, memberIds: number[], locale = userLocale()): BillDraft {
  const draft = newDraft(bill.ownerId, memberIds);
  // Amounts as entered: in the bill's own currency (`amount` is in the room's, docs/api/README.md "Real bills").
  const money = (amount: number) => formatMoneyInput(toMinor(amount, bill.currency), bill.currency, locale);
  const roomCurrency = bill.roomCurrency ?? bill.currency;
  draft.name = bill.name;
  draft.amount = money(bill.currency !== roomCurrency ? (bill.originalAmount ?? bill.amount) : bill.amount);
  if (bill.currency !== roomCurrency) {
    draft.wasForeign = true;
    draft.foreign = bill.rate
      ? { currency: bill.currency, how: 'rate', rate: bill.rate, converted: '' }
      : {
          currency: bill.currency,
          how: 'converted',
          rate: '',
          converted: formatMoneyInput(toMinor(bill.amount, roomCurrency), roomCurrency, locale),
        };
  }
  const payers = payersFromBill(bill, locale);
  if (payers) draft.payers = payers;
  const split = bill.split;
  draft.mode = split.mode;
  switch (split.mode) {
    case 'equal':
      draft.equal = [...split.userIds];
      break;
    case 'exact':
      for (const a of split.amounts) draft.exact[a.userId] = money(a.amount);
      break;
    case 'shares':
      for (const s of split.shares) draft.shares[s.userId] = String(s.shares);
      break;
    case 'percent':
      for (const p of split.percents) draft.percent[p.userId] = percentText(p.percent, locale);
      break;
    case 'items':
      draft.items = split.items.map((item) => ({
        key: newKey('i'),
        name: item.name,
        amount: money(item.amount),
        userIds: [...item.userIds],
        quantity: item.quantity !== undefined ? String(item.quantity) : '',
        // "Everyone" is stored as the members of the day (docs/api/README.md#real-bills): a line shared by every
        // member of the room as it is now reopens as Everyone; one a later member is missing from stays a list.
        everyone: isEveryone(item.userIds, memberIds),
      }));
      // A charge comes back as it was: a percent (`{name, percent, amount}`), or a fixed amount (`{name, amount}`,
      // no percent); a negative one is a discount or a voucher (docs/api/README.md#real-bills).
      draft.charges = split.charges.map((c) => {
        const fixed = c.percent === undefined || c.percent === null;
        const value = fixed ? (c.amount ?? 0) : c.percent!;
        return {
          key: newKey('c'),
          name: c.name,
          kind: fixed ? 'amount' : 'percent',
          percent: fixed ? '' : percentText(Math.abs(value), locale),
          amount: fixed ? money(Math.abs(value)) : '',
          discount: value < 0,
        };
      });
      break;
  }
  // The other modes start from who shares this bill, so a switch has people to work with.
  if (split.mode !== 'equal') draft.equal = bill.shares.filter((s) => s.amount > 0).map((s) => s.userId);
  return draft;
}

/** Whether `userIds` are exactly the room's members (two or more: with one member there is nothing to say). */
function isEveryone(userIds: readonly number[], memberIds: readonly number[]): boolean {
  const ids = new Set(userIds);
  return memberIds.length > 1 && ids.size === memberIds.length && memberIds.every((id) => ids.has(id));
}

/**
 * Switching modes keeps every mode's own fields; a mode opened for the first time starts from the people of the
 * equal split (shares: one each), so "2:1:1" is one edit away.
 */
export function switchMode(draft: BillDraft, mode: SplitModeName): BillDraft {
  const next = { ...draft, mode };
  if (mode === 'shares' && Object.values(draft.shares).every((v) => v.trim() === ''))
    next.shares = Object.fromEntries(draft.equal.map((id) => [id, '1']));
  return next;
}
