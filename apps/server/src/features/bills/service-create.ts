import { currencyExponent, type BillSplitSpec } from '@outing/ledger';
import type { Bill, CreateBillBody } from '@outing/contract';
import { badRequest, notFound } from '../../lib/errors.js';
import { deliver } from '../notifications/service.js';
import type { Tx } from '../rooms/queries.js';
import { ledgerChanged, reconcile, recordActivity } from './ledger.js';
import type { BillsContext, Me } from './access.js';
import { tellOfBill } from './bill-notices.js';
import { refuseMoreForDeleted, refuseDeletedPayers } from './deleted-account-guard.js';
import type { StoredSpec } from './queries.js';
import {
  insertBill,
  membershipOf,
  selectBillById,
  setBillSplit,
  writePaidBy,
  writeShareRows,
} from './queries-bills.js';
import {
  billCurrencyOrBadRequest,
  billSpecOrBadRequest,
  computeOrBadRequest,
  convertedOrBadRequest,
  originalOf,
  ownerOfPaidBy,
  paidByOrBadRequest,
  payerRows,
  type BillPlan,
} from './real-bill.js';
import { lockOpenRoomAsMember, receiptOrBadRequest } from './service-checks.js';
import { amountOrBadRequest } from './split-input.js';

export type Planned = {
  spec: BillSplitSpec;
  total: number | undefined;
  legacy?: { payers: number[]; includeOwner: boolean };
};

/**
 * The split a create asks for: the `split` (docs/api/README.md#splitting), or the original client's payers + includeOwner (docs/api/README.md#bills), which
 * is the equal split of those people. Amounts in the bill's currency (`exponent`).
 */
export async function planCreate(
  tx: Tx,
  roomId: string,
  body: CreateBillBody,
  ownerId: number,
  exponent: number,
) {
  const total = body.amount === undefined ? undefined : amountOrBadRequest(body.amount, exponent);
  if (body.split) {
    const spec = await billSpecOrBadRequest(tx, roomId, body.split, exponent);
    if (total === undefined && spec.mode !== 'items')
      throw badRequest('amount is required', [{ path: 'amount', message: 'amount is required' }]);
    return { spec, total } satisfies Planned;
  }
  if (total === undefined)
    throw badRequest('amount is required', [{ path: 'amount', message: 'amount is required' }]);
  const payers = [...new Set(body.payers ?? [])];
  if (payers.length === 0)
    throw badRequest('Choose at least one payer', [{ path: 'payers', message: 'Choose at least one payer' }]);
  if (payers.includes(ownerId))
    throw badRequest('Payers are the other members; use includeOwner for yourself.', [
      { path: 'payers', message: 'You cannot be a payer of your own bill' },
    ]);
  const rows = await membershipOf(tx, roomId, payers);
  if (rows.length !== payers.length) throw notFound('Room or user not found', 'USER_NOT_FOUND');
  if (rows.some((r) => !r.member))
    throw badRequest('Every payer must be a member of the room.', [
      { path: 'payers', message: 'Every payer must be a member of the room' },
    ]);
  const userIds = body.includeOwner ? [...payers, ownerId] : payers;
  return {
    spec: { mode: 'equal', userIds: userIds.sort((a, b) => a - b) },
    total,
    legacy: { payers, includeOwner: body.includeOwner },
  } satisfies Planned;
}

/** Writes the bill's shares, payers and include_owner from a computed split (in the bill's transaction). */
export async function writeShares(
  tx: Tx,
  billId: number,
  ownerId: number,
  result: { shares: ReadonlyMap<number, number> },
  legacy?: Planned['legacy'],
) {
  const users = [...result.shares.keys()];
  const minors = users.map((u) => result.shares.get(u)!);
  // docs/api/README.md#bills: payers are everyone with a share above 0 but the owner; a bill without `split` keeps the payers as sent.
  const payers = legacy?.payers ?? users.filter((u) => u !== ownerId && result.shares.get(u)! > 0);
  const includeOwner = legacy?.includeOwner ?? (result.shares.get(ownerId) ?? 0) > 0;
  await writeShareRows(tx, billId, { users, minors }, payers, includeOwner);
}

/** What the bill keeps of its split: the spec, an itemised bill's charges with their rounded amounts. */
export function stored(spec: BillSplitSpec, result: { charges?: { minor: number }[] }): StoredSpec {
  if (spec.mode !== 'items') return spec;
  // A fixed charge keeps its own amount; a percent charge records how it was rounded.
  return {
    ...spec,
    charges: spec.charges.map((c, i) =>
      c.basisPoints === undefined ? c : { ...c, minor: result.charges?.[i]?.minor ?? 0 },
    ),
  };
}

/** A computed bill's shares as the writers take them. */
export const sharesOf = (bill: { shares: { userId: number; minor: number }[] }) =>
  new Map(bill.shares.map((s) => [s.userId, s.minor]));

export async function createBill(ctx: BillsContext, me: Me, body: CreateBillBody): Promise<Bill> {
  const bill = await ctx.db.transaction(async (tx) => {
    const room = await lockOpenRoomAsMember(tx, body.roomId, me.id);
    // Issue 36: amounts, the split and the payers' amounts are in the bill's currency (the room's by default).
    const { currency, exponent } = billCurrencyOrBadRequest(body.currency, room.currency);
    const paidBy = await paidByOrBadRequest(tx, body.roomId, body.paidBy, me.id, exponent);
    const ownerId = ownerOfPaidBy(paidBy);
    const plan = await planCreate(tx, body.roomId, body, ownerId, exponent);
    const bill: BillPlan = {
      roomCurrency: room.currency,
      currency,
      total: plan.total,
      spec: plan.spec,
      paidBy,
      rate: body.rate,
      convertedAmount: convertedOrBadRequest(body.convertedAmount, currencyExponent(room.currency)),
    };
    // The total does not depend on the bill id (only who gets a leftover unit does): check it before the insert.
    const planned = computeOrBadRequest(0, bill);
    const total = planned.amount;
    await refuseMoreForDeleted(tx, { ownerId, total, shares: sharesOf(planned) }, null, {
      payer: 'paidBy',
      shares: body.split ? 'split' : 'payers',
    });
    await refuseDeletedPayers(tx, planned.payers, []);
    await receiptOrBadRequest(tx, me.id, body.receiptPictureId);
    const id = await insertBill(tx, {
      roomId: body.roomId,
      ownerId,
      createdBy: me.id,
      name: body.name,
      total,
      includeOwner: body.includeOwner,
      category: body.category,
      note: body.note,
      receiptPictureId: body.receiptPictureId,
      ...originalOf(bill, planned),
    });
    const result = computeOrBadRequest(id, bill);
    await setBillSplit(tx, id, stored(plan.spec, result));
    await writeShares(tx, id, ownerId, { shares: sharesOf(result) }, plan.legacy);
    await writePaidBy(tx, id, payerRows(result));
    await recordActivity(tx, { roomId: body.roomId, actorId: me.id, kind: 'bill_created', billId: id });
    const ledger = await reconcile(tx, body.roomId, me.id);
    // Read inside the transaction: a delete right after the commit must not leave this answer without its bill.
    const made = (await selectBillById(tx, me.id, id))!;
    const pending = await tellOfBill(tx, me, room, made, 'bill_added');
    return { made, pending, ledger };
  });
  deliver(ctx.events, bill.pending);
  await ledgerChanged(ctx, body.roomId, bill.ledger, { type: 'BILL_CREATED', data: { roomId: body.roomId } });
  return bill.made;
}
