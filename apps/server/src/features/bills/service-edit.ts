import { computeSplit, currencyExponent, type SplitSpec } from '@outing/ledger';
import type { Bill, EditBillBody } from '@outing/contract';
import { deliver } from '../notifications/service.js';
import type { Tx } from '../rooms/queries.js';
import { ledgerChanged, reconcile, recordActivity, type ActivityChange } from './ledger.js';
import type { BillsContext, Me } from './access.js';
import { tellOfBill } from './bill-notices.js';
import { refuseMoreForDeleted, storedParts } from './deleted-account-guard.js';
import { selectBillById, selectParticipants, updateBill, updateBillExtras } from './queries-bills.js';
import {
  lockBillForChange,
  paidByOrBadRequest,
  receiptOrBadRequest,
  requireMembers,
} from './service-checks.js';
import { stored, writeShares } from './service-create.js';
import { amountOrBadRequest, specUserIds, splitOrBadRequest, toSpec } from './split-input.js';

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
    const exponent = currencyExponent(room.currency);
    const ownerId = await paidByOrBadRequest(tx, bill.room_id, body.paidBy, bill.owner_id);
    await receiptOrBadRequest(tx, me.id, body.receiptPictureId, bill.receipt_picture_id);
    let spec: SplitSpec;
    if (body.split) {
      spec = toSpec(body.split, exponent);
      await requireMembers(
        tx,
        bill.room_id,
        specUserIds(spec),
        'split',
        'Everyone in the split must be a member of the room',
      );
    } else {
      spec = bill.split ?? (await equalOfParticipants(tx, billId));
    }
    let total: number | undefined =
      body.amount === undefined ? undefined : amountOrBadRequest(body.amount, exponent);
    // An itemised bill's amount follows its items unless a new amount is given to be checked against them.
    if (total === undefined && spec.mode !== 'items') total = bill.amount_minor;
    const result = splitOrBadRequest(() => computeSplit({ billId, total, exponent, split: spec }));
    await refuseMoreForDeleted(
      tx,
      { ownerId, total: result.total, shares: result.shares },
      await storedParts(tx, billId, bill.owner_id, bill.amount_minor),
      { payer: 'paidBy', shares: 'split' },
    );
    await updateBill(tx, billId, {
      name: body.name ?? null,
      ownerId,
      total: result.total,
      split: stored(spec, result),
    });
    await writeShares(tx, billId, ownerId, result);
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
      people: [was.ownerId, ...was.shares.map((x) => x.userId)],
    });
    return { edited, pending, ledger };
  });
  deliver(ctx.events, done.pending);
  const { roomId } = done.edited;
  await ledgerChanged(ctx, roomId, done.ledger, { type: 'BILL_UPDATED', data: { roomId, billId } });
  return done.edited;
}

async function equalOfParticipants(tx: Tx, billId: number): Promise<SplitSpec> {
  return { mode: 'equal', userIds: await selectParticipants(tx, billId) };
}
