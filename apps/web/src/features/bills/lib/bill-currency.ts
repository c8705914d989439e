import type { Bill } from '@outing/contract';

// A bill's money as the server answers it (issue 36, docs/api/README.md "Real bills"): `amount`, the shares and
// `paidBy` are in the room's currency (`roomCurrency`); a bill entered in another currency also carries its own
// `currency`, `originalAmount` and the `rate` entered (null when given by what it came to). A bill answered by an
// older server has no `roomCurrency`: its `currency` is the room's.

/** The currency of `amount`, the shares and `paidBy`: the room's. */
export const roomCurrencyOf = (bill: Pick<Bill, 'currency' | 'roomCurrency'>): string =>
  bill.roomCurrency ?? bill.currency;

export interface OriginalMoney {
  amount: number;
  currency: string;
  /** As entered (a decimal string), or null: the bill was given by what it came to in the room's currency. */
  rate: string | null;
}

/** What a bill entered in another currency was in it; null for a bill in the room's currency. */
export function originalOf(bill: Bill): OriginalMoney | null {
  if (!bill.roomCurrency || bill.currency === bill.roomCurrency || bill.originalAmount === undefined) {
    return null;
  }
  return { amount: bill.originalAmount, currency: bill.currency, rate: bill.rate ?? null };
}

/** Who paid what, in the room's currency; a bill from an older server: its owner, the whole amount. */
export function payersOf(bill: Bill): { userId: number; amount: number }[] {
  return bill.paidBy && bill.paidBy.length > 0
    ? bill.paidBy
    : [{ userId: bill.ownerId, amount: bill.amount }];
}
