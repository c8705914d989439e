import type { Bill } from '@outing/contract';
import { formatMoneyInput, parseMoneyInput, toAmount, toMinor } from '@/lib/money';

// Several payers (issue 36, docs/api/README.md "Real bills"): "Paid by" becomes a list once a second payer is
// added. Each payer's amount is in the bill's currency and together they add up exactly to its amount; one payer
// left is the plain select again, sent as an id as before.

export interface PayerDraft {
  /** Stable across removals: the row's key. */
  key: string;
  userId: number;
  /** As typed. */
  amount: string;
}

let nextKey = 0;
export const payerDraft = (userId: number, amount = ''): PayerDraft => ({
  key: `p${++nextKey}`,
  userId,
  amount,
});

export interface PayersCheck {
  /** Each payer's amount in minor units, or null where it is not a valid amount (yet). */
  amounts: (number | null)[];
  /** What is left to assign (negative: too much); null while the total or an amount is unknown. */
  left: number | null;
  /** Every amount valid, each person once, and together exactly the total. */
  ok: boolean;
}

/** The payers against the bill's total (minor units of `currency`). */
export function checkPayers(
  payers: readonly PayerDraft[],
  total: number | null,
  currency: string,
  locale: string,
): PayersCheck {
  const amounts = payers.map((p) => {
    const parsed = parseMoneyInput(p.amount, currency, locale, { allowZero: false });
    return parsed.ok ? parsed.minor : null;
  });
  const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
  const left = total === null ? null : total - sum;
  const distinct = new Set(payers.map((p) => p.userId)).size === payers.length;
  return { amounts, left, ok: left === 0 && distinct && amounts.every((a) => a !== null) };
}

/** The body's `paidBy` list, in major units of the bill's currency. */
export function payersBody(
  payers: readonly PayerDraft[],
  check: PayersCheck,
  currency: string,
): { userId: number; amount: number }[] {
  return payers.map((p, i) => ({ userId: p.userId, amount: toAmount(check.amounts[i] ?? 0, currency) }));
}

/** An edited bill's payers as typed text, from `originalPaidBy` (the bill's currency), else `paidBy`. Null: one. */
export function payersFromBill(bill: Bill, locale: string): PayerDraft[] | null {
  const list = bill.originalPaidBy ?? bill.paidBy;
  if (!list || list.length < 2) return null;
  const currency = bill.originalPaidBy ? bill.currency : (bill.roomCurrency ?? bill.currency);
  return list.map((p) =>
    payerDraft(p.userId, formatMoneyInput(toMinor(p.amount, currency), currency, locale)),
  );
}
