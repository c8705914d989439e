import {
  billSpecFromJson,
  computeBill,
  currencyExponent,
  isCurrency,
  ownerOf,
  type BillSplitSpec,
  type ComputedBill,
  type PersonMinor,
  specUserIds,
} from '@outing/ledger';
import type { PaidByInput, SplitInput } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';
import type { Tx } from '../rooms/queries.js';
import { selectMemberIds } from './queries.js';
import type { BillOriginal } from './queries-bills.js';
import { requireMembers } from './service-checks.js';
import { amountOrBadRequest, splitOrBadRequest } from './split-input.js';

// Real bills (issue 36, docs/api/README.md#bills): several payers, receipts as printed, a foreign currency. What a
// create and an edit share: the request's parts read into the ledger's integers (in the bill's currency), checked
// against the room's members, then one `computeBill` (packages/ledger, docs/money.md "Real bills").

/** The bill's currency (the room's unless another is given): 400 on `currency` for a code that is not ISO 4217. */
export function billCurrencyOrBadRequest(currency: string | undefined, roomCurrency: string) {
  const code = currency ?? roomCurrency;
  if (!isCurrency(code)) {
    const message = 'Currency must be an ISO 4217 code, like JPY';
    throw badRequest(message, [{ path: 'currency', message }]);
  }
  return { currency: code, exponent: currencyExponent(code) };
}

/**
 * The split of a request in the bill's currency, with the real-bills additions (quantity, "all", fixed and negative
 * charges). An item for "all" becomes the room's members now, ascending id ("every member at the time of saving"),
 * so that the bill keeps meaning the same people; everyone it names must be a member.
 */
export async function billSpecOrBadRequest(
  tx: Tx,
  roomId: string,
  split: SplitInput,
  exponent: number,
): Promise<BillSplitSpec> {
  const spec = splitOrBadRequest(() => billSpecFromJson(split, exponent));
  if (spec.mode === 'items' && spec.items.some((i) => i.userIds === 'all')) {
    const members = (await selectMemberIds(tx, roomId)).sort((a, b) => a - b);
    spec.items = spec.items.map((i) => (i.userIds === 'all' ? { ...i, userIds: members } : i));
  }
  await requireMembers(
    tx,
    roomId,
    specUserIds(spec),
    'split',
    'Everyone in the split must be a member of the room',
  );
  return spec;
}

/**
 * Who paid, read: one member's id as sent, or each payer with their amount in minor units of the bill's currency
 * (400 on `paidBy.N.amount` for a bad amount). Every payer must be a member of the room (400 on `paidBy`); that they
 * add up to the bill is `computeBill`'s check.
 */
export async function paidByOrBadRequest(
  tx: Tx,
  roomId: string,
  paidBy: PaidByInput | undefined,
  fallback: number | PersonMinor[],
  exponent: number,
): Promise<number | PersonMinor[]> {
  if (paidBy === undefined) return fallback;
  if (typeof paidBy === 'number') {
    await requireMembers(tx, roomId, [paidBy], 'paidBy', 'The person who paid must be a member of the room');
    return paidBy;
  }
  const list = paidBy.map((p, i) => ({
    userId: p.userId,
    minor: amountOrBadRequest(p.amount, exponent, `paidBy.${i}.amount`),
  }));
  await requireMembers(
    tx,
    roomId,
    list.map((p) => p.userId),
    'paidBy',
    'Everyone who paid must be a member of the room',
  );
  return list;
}

/** The owner of a bill before it is computed: the one payer, or the one who paid most (ties: the lowest id). */
export function ownerOfPaidBy(paidBy: number | PersonMinor[]): number {
  if (typeof paidBy === 'number') return paidBy;
  if (paidBy.length === 0) throw badRequest('Say who paid', [{ path: 'paidBy', message: 'Say who paid' }]);
  return ownerOf(paidBy);
}

/** Everything `computeBill` needs beside the bill's id. */
export type BillPlan = {
  roomCurrency: string;
  currency: string;
  total: number | undefined;
  spec: BillSplitSpec;
  paidBy: number | PersonMinor[];
  rate?: string | null;
  /** In minor units of the room's currency. */
  convertedAmount?: number | null;
};

/** The bill computed (docs/money.md "Real bills"); a SplitError is a 400 on its field. */
export function computeOrBadRequest(billId: number, plan: BillPlan): ComputedBill {
  return splitOrBadRequest(() =>
    computeBill({
      billId,
      roomCurrency: plan.roomCurrency,
      currency: plan.currency,
      total: plan.total,
      split: plan.spec,
      paidBy: plan.paidBy,
      rate: plan.rate ?? undefined,
      convertedAmount: plan.convertedAmount ?? undefined,
    }),
  );
}

/** What the bill stores of its own currency (migration 0025): nothing for a bill in the room's currency. */
export function originalOf(plan: BillPlan, bill: ComputedBill): BillOriginal {
  if (plan.currency === plan.roomCurrency)
    return { originalCurrency: null, originalAmount: null, rate: null };
  return { originalCurrency: plan.currency, originalAmount: bill.originalAmount, rate: bill.rate };
}

/** The payers to store: each one's credit in the room's currency beside what they paid in the bill's. */
export function payerRows(bill: ComputedBill): { userId: number; minor: number; original: number }[] {
  return bill.payers.map((p, i) => ({
    userId: p.userId,
    minor: p.minor,
    original: bill.originalPayers[i]!.minor,
  }));
}

/** A converted amount of a request, in minor units of the room's currency (400 on `convertedAmount`). */
export function convertedOrBadRequest(value: number | null | undefined, roomExponent: number) {
  if (value === undefined || value === null) return value;
  return amountOrBadRequest(value, roomExponent, 'convertedAmount');
}
