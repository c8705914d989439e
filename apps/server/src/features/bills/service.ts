import { computeSplit, currencyExponent, type SplitResult, type SplitSpec } from '@outing/ledger';
import type { Bill, CreateBillBody, CursorQuery, EditBillBody } from '@outing/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit, wantsPage } from '../../lib/cursor.js';
import { deliver } from '../notifications/service.js';
import { isMember, lockRoom, type Tx } from '../rooms/queries.js';
import { ledgerChanged, reconcile, recordActivity, type ActivityChange } from './ledger.js';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import { tellOfBill } from './bill-notices.js';
import { namesDeleted, refuseMoreForDeleted, storedParts } from './deleted-account-guard.js';
import { billRoomId, type StoredSpec } from './queries.js';
import {
  countMembers,
  insertBill,
  markBillDeleted,
  membershipOf,
  selectBillById,
  selectBillForChange,
  selectParticipants,
  selectRoomBills,
  setBillSplit,
  unmarkBillDeleted,
  updateBill,
  writeShareRows,
} from './queries-bills.js';
import { amountOrBadRequest, specUserIds, splitOrBadRequest, toSpec } from './split-input.js';

export type { BillsContext, Me } from './access.js';

export { consolidate, consolidationStatus, roomBalances, roomRounds } from './rounds.js';
export { exportRoomCsv } from './export-csv.js';
export { billsSummary } from './bills-summary.js';
export { listTransactions, settleTransaction } from './transactions.js';
export { remind } from './payment-reminders.js';

/** Room lock, existence (404), membership (403), open (409): the checks every bill change makes. */
async function lockOpenRoomAsMember(tx: Tx, roomId: string, userId: number) {
  const room = await lockRoom(tx, roomId);
  if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!(await isMember(tx, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  return room;
}

/** 400 unless every one of `ids` is a member of the room (unknown users included). */
async function requireMembers(tx: Tx, roomId: string, ids: number[], path: string, message: string) {
  if (ids.length === 0) return;
  if ((await countMembers(tx, roomId, ids)) !== new Set(ids).size)
    throw badRequest(message, [{ path, message }]);
}

type Planned = {
  spec: SplitSpec;
  total: number | undefined;
  legacy?: { payers: number[]; includeOwner: boolean };
};

/**
 * The split a create asks for: the `split` (docs/api/README.md#splitting), or the original client's payers + includeOwner (docs/api/README.md#bills), which
 * is the equal split of those people.
 */
async function planCreate(tx: Tx, roomId: string, body: CreateBillBody, ownerId: number, exponent: number) {
  const total = body.amount === undefined ? undefined : amountOrBadRequest(body.amount, exponent);
  if (body.split) {
    const spec = toSpec(body.split, exponent);
    if (total === undefined && spec.mode !== 'items')
      throw badRequest('amount is required', [{ path: 'amount', message: 'amount is required' }]);
    await requireMembers(
      tx,
      roomId,
      specUserIds(spec),
      'split',
      'Everyone in the split must be a member of the room',
    );
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
async function writeShares(
  tx: Tx,
  billId: number,
  ownerId: number,
  result: SplitResult,
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
function stored(spec: SplitSpec, result: SplitResult): StoredSpec {
  if (spec.mode !== 'items') return spec;
  return { ...spec, charges: spec.charges.map((c, i) => ({ ...c, minor: result.charges?.[i]?.minor ?? 0 })) };
}

async function paidByOrBadRequest(tx: Tx, roomId: string, paidBy: number | undefined, fallback: number) {
  const id = paidBy ?? fallback;
  if (paidBy !== undefined)
    await requireMembers(tx, roomId, [id], 'paidBy', 'The person who paid must be a member of the room');
  return id;
}

export async function createBill(ctx: BillsContext, me: Me, body: CreateBillBody): Promise<Bill> {
  const bill = await ctx.db.transaction(async (tx) => {
    const room = await lockOpenRoomAsMember(tx, body.roomId, me.id);
    const exponent = currencyExponent(room.currency);
    const ownerId = await paidByOrBadRequest(tx, body.roomId, body.paidBy, me.id);
    const plan = await planCreate(tx, body.roomId, body, ownerId, exponent);
    // The total does not depend on the bill id (only who gets a leftover unit does): check it before the insert.
    const planned = splitOrBadRequest(() =>
      computeSplit({ billId: 0, total: plan.total, exponent, split: plan.spec }),
    );
    const { total } = planned;
    await refuseMoreForDeleted(tx, { ownerId, total, shares: planned.shares }, null, {
      payer: 'paidBy',
      shares: body.split ? 'split' : 'payers',
    });
    const id = await insertBill(tx, {
      roomId: body.roomId,
      ownerId,
      createdBy: me.id,
      name: body.name,
      total,
      includeOwner: body.includeOwner,
    });
    const result = computeSplit({ billId: id, total, exponent, split: plan.spec });
    await setBillSplit(tx, id, stored(plan.spec, result));
    await writeShares(tx, id, ownerId, result, plan.legacy);
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

/** How long a deleted bill can be restored. */
export const RESTORE_DAYS = 30;

/**
 * The bill under its room's lock, for a change by `me`: 404 when there is no such bill (or, unless restoring, a
 * deleted one), 403 for someone who is not a member or is neither its creator, its payer nor the host, 409 when the
 * room is closed. Bills are never frozen by a Settle up (docs/money.md).
 */
async function lockBillForChange(tx: Tx, billId: number, me: Me, verb: string, deleted = false) {
  const roomId = await billRoomId(tx, billId);
  if (!roomId) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  const room = await lockRoom(tx, roomId);
  // Read again under the lock: a delete may have committed meanwhile.
  const bill = await selectBillForChange(tx, billId);
  if (!bill || !room) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  if (!(await isMember(tx, bill.room_id, me.id)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  if (!deleted && bill.deleted_for !== null) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  if (bill.owner_id !== me.id && bill.created_by !== me.id && room.host_id !== me.id)
    throw forbidden(
      `Only the person who added the bill, who paid it or the host can ${verb} it.`,
      'BILL_NOT_YOURS',
    );
  if (room.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  return { bill, room };
}

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
  return changes;
}

/** `PATCH /bills/{id}` (docs/api/README.md#bills): what is left out stays; the shares are computed again. */
export async function editBill(ctx: BillsContext, me: Me, billId: number, body: EditBillBody): Promise<Bill> {
  const done = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'edit');
    const was = (await selectBillById(tx, me.id, billId))!;
    const exponent = currencyExponent(room.currency);
    const ownerId = await paidByOrBadRequest(tx, bill.room_id, body.paidBy, bill.owner_id);
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
    const edited = (await selectBillById(tx, me.id, billId))!;
    const changes = billChanges(was, edited);
    if (changes.length === 0) return { edited, pending: [], ledger: null };
    await recordActivity(tx, { roomId: bill.room_id, actorId: me.id, kind: 'bill_edited', billId, changes });
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

/**
 * Its creator, its payer or the host, while the room is open: the bill leaves every list and balance at once and
 * can be restored for 30 days (`restoreBill`).
 */
export async function deleteBill(ctx: BillsContext, me: Me, billId: number): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'delete');
    const was = (await selectBillById(tx, me.id, billId))!;
    await markBillDeleted(tx, billId, me.id);
    await recordActivity(tx, { roomId: bill.room_id, actorId: me.id, kind: 'bill_deleted', billId });
    const ledger = await reconcile(tx, bill.room_id, me.id);
    const pending = await tellOfBill(tx, me, room, was, 'bill_deleted');
    return { roomId: bill.room_id, ledger, pending };
  });
  deliver(ctx.events, done.pending);
  const { roomId } = done;
  // BILL_CREATED is what the original client refreshes its bills on; BILL_UPDATED names the bill.
  await ledgerChanged(
    ctx,
    roomId,
    done.ledger,
    { type: 'BILL_DELETED', data: { roomId, billId } },
    { type: 'BILL_CREATED', data: { roomId } },
    { type: 'BILL_UPDATED', data: { roomId, billId } },
  );
}

/** `POST /bills/{id}/restore`: who could delete it, within 30 days of the delete; 409 when it is not deleted. */
export async function restoreBill(ctx: BillsContext, me: Me, billId: number): Promise<Bill> {
  const done = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'restore', true);
    if (bill.deleted_for === null) throw conflict('This bill is not deleted.', 'BILL_NOT_DELETED');
    if (bill.deleted_for > RESTORE_DAYS * 86_400)
      throw conflict(
        `A bill can be restored for ${RESTORE_DAYS} days after it was deleted.`,
        'RESTORE_EXPIRED',
      );
    // Deleted before someone in it deleted their account: back in the ledger, their part could never be settled.
    if (await namesDeleted(tx, await storedParts(tx, billId, bill.owner_id, bill.amount_minor)))
      throw conflict(
        'This bill names a deleted account: restored, it would leave a debt nobody can settle.',
        'DELETED_ACCOUNT_IN_BILL',
      );
    await unmarkBillDeleted(tx, billId);
    await recordActivity(tx, { roomId: bill.room_id, actorId: me.id, kind: 'bill_restored', billId });
    const ledger = await reconcile(tx, bill.room_id, me.id);
    const restored = (await selectBillById(tx, me.id, billId))!;
    const pending = await tellOfBill(tx, me, room, restored, 'bill_restored');
    return { restored, ledger, pending };
  });
  deliver(ctx.events, done.pending);
  const { roomId } = done.restored;
  await ledgerChanged(
    ctx,
    roomId,
    done.ledger,
    { type: 'BILL_CREATED', data: { roomId } },
    { type: 'BILL_UPDATED', data: { roomId, billId } },
  );
  return done.restored;
}

/**
 * A room's bills, newest first (members only), or only those `ownerId` paid. With `limit`/`cursor`
 * (docs/pagination.md), a keyset page on (created_at, id) and its `nextCursor`; without, all of them as before.
 */
export async function listBills(
  ctx: BillsContext,
  me: Me,
  roomId: string,
  q: CursorQuery & { ownerId?: number } = {},
): Promise<{ bills: Bill[]; nextCursor?: string | null }> {
  await requireMemberOf(ctx.db, roomId, me.id);
  if (!wantsPage(q)) return { bills: await selectRoomBills(ctx.db, me.id, roomId, q.ownerId) };
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'bills') : undefined;
  const limit = pageLimit(q);
  const rows = await selectRoomBills(ctx.db, me.id, roomId, q.ownerId, { before, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (b) => [b.keyUs, b.id]);
  return { bills: page.map(({ keyUs: _, ...b }) => b), nextCursor };
}
