import { currencyExponent, type BillSplitSpec } from '@outing/ledger';
import type { Bill, EditBillBody } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';
import { deliver } from '../notifications/service.js';
import type { Tx } from '../rooms/queries.js';
import { ledgerChanged, reconcile, recordActivity, type ActivityChange } from './ledger.js';
import type { BillsContext, Me } from './access.js';
import { billPeople, tellOfBill } from './bill-notices.js';
import { refuseDeletedPayers, refuseMoreForDeleted, storedParts } from './deleted-account-guard.js';
import {
  selectBillById,
  selectParticipants,
  updateBill,
  updateBillExtras,
  writePaidBy,
  type BillForChange,
} from './queries-bills.js';
import {
  billCurrencyOrBadRequest,
  billSpecOrBadRequest,
  computeOrBadRequest,
  convertedOrBadRequest,
  originalOf,
  paidByOrBadRequest,
  payerRows,
  type BillPlan,
} from './real-bill.js';
import { lockBillForChange, receiptOrBadRequest } from './service-checks.js';
import { sharesOf, stored, writeShares } from './service-create.js';
import { amountOrBadRequest } from './split-input.js';

/** What an edit changed, for the activity: amounts in major units, the payer and participants by id. */
function billChanges(before: Bill, after: Bill): ActivityChange[] {
  const changes: ActivityChange[] = [];
  if (before.name !== after.name) changes.push({ field: 'name', before: before.name, after: after.name });
  if (before.amount !== after.amount)
    changes.push({ field: 'amount', before: before.amount, after: after.amount });
  if (before.ownerId !== after.ownerId)
    changes.push({ field: 'paidBy', before: before.ownerId, after: after.ownerId });
  if (before.split.mode !== after.split.mode)
    changes.push({ field: 'splitMode', before: before.split.mode, after: after.split.mode });
  // By person, so an order the read happened to return is never told as a change.
  const shares = (b: Bill) =>
    [...b.shares]
      .sort((x, y) => x.userId - y.userId)
      .map((x) => `${x.userId}:${x.amount}`)
      .join(',');
  if (shares(before) !== shares(after))
    changes.push({ field: 'shares', before: shares(before), after: shares(after) });
  // Issue 36: what each payer paid (`paidBy` above is the owner), the bill's currency and its rate.
  // Told only for a bill with several payers or in another currency (before or after): the amount, the owner and
  // the shares above already tell every other edit, as they always did.
  const several = (b: Bill) => (b.paidBy?.length ?? 0) > 1;
  const paid = (b: Bill) => (b.paidBy ?? []).map((x) => `${x.userId}:${x.amount}`).join(',');
  if ((several(before) || several(after)) && paid(before) !== paid(after))
    changes.push({ field: 'payers', before: paid(before), after: paid(after) });
  const foreign = (b: Bill) => b.roomCurrency !== undefined && b.currency !== b.roomCurrency;
  if (foreign(before) || foreign(after))
    for (const field of ['currency', 'originalAmount', 'rate'] as const) {
      const was = before[field] ?? null;
      const is = after[field] ?? null;
      if (was !== is) changes.push({ field, before: was, after: is });
    }
  // Issue 36: the category, the note and the receipt (its picture id), null for none.
  for (const field of ['category', 'note', 'receiptPictureId'] as const) {
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** The changes that are not the money's: telling the bill's people and reconciling the ledger are not needed. */
const notMoney = new Set(['category', 'note', 'receiptPictureId']);

/** `PATCH /bills/{id}` (docs/api/README.md#bills): what is left out stays; the shares are computed again. */
export async function editBill(ctx: BillsContext, me: Me, billId: number, body: EditBillBody): Promise<Bill> {
  const done = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'edit');
    const was = (await selectBillById(tx, me.id, billId))!;
    const storedCurrency = bill.original_currency ?? room.currency;
    const { currency, exponent } = billCurrencyOrBadRequest(body.currency ?? storedCurrency, room.currency);
    const sameCurrency = currency === storedCurrency;
    await receiptOrBadRequest(tx, me.id, body.receiptPictureId, bill.receipt_picture_id);
    const paidBy =
      body.paidBy === undefined
        ? storedPaidBy(bill, sameCurrency)
        : await paidByOrBadRequest(tx, bill.room_id, body.paidBy, bill.owner_id, exponent);
    let spec: BillSplitSpec;
    if (body.split) spec = await billSpecOrBadRequest(tx, bill.room_id, body.split, exponent);
    else if (!bill.split) spec = await equalOfParticipants(tx, billId);
    // Amounts (exact, items) are in the bill's currency: a new currency needs them again.
    else if (!sameCurrency && (bill.split.mode === 'exact' || bill.split.mode === 'items'))
      throw amountsInOtherCurrency('split');
    else spec = bill.split;
    let total: number | undefined =
      body.amount === undefined ? undefined : amountOrBadRequest(body.amount, exponent);
    // An itemised bill's amount follows its items unless a new amount is given to be checked against them.
    if (total === undefined && spec.mode !== 'items') {
      if (!sameCurrency) throw amountsInOtherCurrency('amount');
      total = bill.original_amount_minor ?? bill.amount_minor;
    }
    // The rate or converted amount: as sent when either is; else kept while the currency is.
    const rateSent = body.rate !== undefined || body.convertedAmount !== undefined;
    const keptForeign = !rateSent && sameCurrency && bill.original_currency !== null;
    const plan: BillPlan = {
      roomCurrency: room.currency,
      currency,
      total,
      spec,
      paidBy,
      rate: rateSent ? body.rate : keptForeign ? bill.rate : undefined,
      convertedAmount: rateSent
        ? convertedOrBadRequest(body.convertedAmount, currencyExponent(room.currency))
        : keptForeign && bill.rate === null
          ? bill.amount_minor
          : undefined,
    };
    const result = computeOrBadRequest(billId, plan);
    const ownerId = result.ownerId;
    await refuseMoreForDeleted(
      tx,
      { ownerId, total: result.amount, shares: sharesOf(result) },
      await storedParts(tx, billId, bill.owner_id, bill.amount_minor),
      { payer: 'paidBy', shares: 'split' },
    );
    await refuseDeletedPayers(
      tx,
      result.payers,
      bill.paid_by.length > 0 ? bill.paid_by.map((p) => p.userId) : [bill.owner_id],
    );
    await updateBill(tx, billId, {
      name: body.name ?? null,
      ownerId,
      total: result.amount,
      split: stored(spec, result),
      ...originalOf(plan, result),
    });
    await writeShares(tx, billId, ownerId, { shares: sharesOf(result) });
    await writePaidBy(tx, billId, payerRows(result));
    await updateBillExtras(tx, billId, body);
    const edited = (await selectBillById(tx, me.id, billId))!;
    const changes = billChanges(was, edited);
    if (changes.length === 0) return { edited, pending: [], ledger: null };
    await recordActivity(tx, { roomId: bill.room_id, actorId: me.id, kind: 'bill_edited', billId, changes });
    // A new category, note or receipt alone changes no one's money: no notification, the ledger as it was.
    if (changes.every((c) => notMoney.has(c.field))) return { edited, pending: [], ledger: null };
    const ledger = await reconcile(tx, bill.room_id, me.id);
    const pending = await tellOfBill(tx, me, room, edited, 'bill_changed', {
      amount: was.amount,
      people: billPeople(was),
    });
    return { edited, pending, ledger };
  });
  deliver(ctx.events, done.pending);
  const { roomId } = done.edited;
  await ledgerChanged(ctx, roomId, done.ledger, { type: 'BILL_UPDATED', data: { roomId, billId } });
  return done.edited;
}

/**
 * Who paid the bill as stored, for an edit that leaves `paidBy` out: its payers with their amounts in the bill's
 * currency, or its owner. Their amounts are in the bill's currency: a new one needs them again.
 */
function storedPaidBy(bill: BillForChange, sameCurrency: boolean) {
  if (bill.paid_by.length === 0) return bill.owner_id;
  if (!sameCurrency) throw amountsInOtherCurrency('paidBy');
  return bill.paid_by.map((p) => ({ userId: p.userId, minor: p.original }));
}

/** A new currency needs the amounts in it: the bill's stored ones are in the old one. */
function amountsInOtherCurrency(path: 'amount' | 'split' | 'paidBy') {
  const message = {
    amount: 'Give the amount in the new currency',
    split: 'Give the split again in the new currency: its amounts are in the old one',
    paidBy: 'Give what each payer paid in the new currency',
  }[path];
  return badRequest(message, [{ path, message }]);
}

async function equalOfParticipants(tx: Tx, billId: number): Promise<BillSplitSpec> {
  return { mode: 'equal', userIds: await selectParticipants(tx, billId) };
}
