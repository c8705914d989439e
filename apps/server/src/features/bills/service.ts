import { sql } from 'drizzle-orm';
import { computeSplit, currencyExponent, type SplitResult, type SplitSpec } from '@outing/ledger';
import type { Bill, CreateBillBody, CursorQuery, EditBillBody } from '@outing/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit, usTimestamp, wantsPage } from '../../lib/cursor.js';
import { isMember, lockRoom, type Tx } from '../rooms/queries.js';
import { requireMemberOf, roomMembers, type BillsContext, type Me } from './access.js';
import { selectBills, type StoredSpec } from './queries.js';
import { amountOrBadRequest, specUserIds, splitOrBadRequest, toSpec } from './split-input.js';

export type { BillsContext, Me } from './access.js';

export { consolidate, consolidationStatus, roomBalances, roomRounds } from './rounds.js';
export { exportRoomCsv } from './export-csv.js';
export { billsSummary } from './bills-summary.js';
export { listTransactions, remind, settleTransaction } from './transactions.js';

/** Room lock, existence (404), membership (403), open (409): the checks every bill change makes. */
async function lockOpenRoomAsMember(tx: Tx, roomId: string, userId: number) {
  const room = await lockRoom(tx, roomId);
  if (!room) throw notFound('Room not found.');
  if (!(await isMember(tx, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER');
  if (room.is_closed) throw conflict('This room is closed.');
  return room;
}

/** 400 unless every one of `ids` is a member of the room (unknown users included). */
async function requireMembers(tx: Tx, roomId: string, ids: number[], path: string, message: string) {
  if (ids.length === 0) return;
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM room_members
    WHERE room_id = ${roomId} AND user_id = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)})`);
  if (rows[0]!.n !== new Set(ids).size) throw badRequest(message, [{ path, message }]);
}

type Planned = {
  spec: SplitSpec;
  total: number | undefined;
  legacy?: { payers: number[]; includeOwner: boolean };
};

/**
 * The split a create asks for: the §10.2 `split`, or the original client's payers + includeOwner (§7.1), which
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
  const list = sql.raw(`ARRAY[${payers.map(Number).join(',')}]::int[]`);
  const { rows } = await tx.execute<{ id: number; member: boolean }>(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = ${roomId} AND m.user_id = u.id) AS member
    FROM users u WHERE u.id = ANY(${list})`);
  if (rows.length !== payers.length) throw notFound('Room or user not found');
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
  await tx.execute(sql`DELETE FROM bill_shares WHERE bill_id = ${billId}`);
  await tx.execute(sql`DELETE FROM bill_payers WHERE bill_id = ${billId}`);
  const users = [...result.shares.keys()];
  const minors = users.map((u) => result.shares.get(u)!);
  await tx.execute(sql`
    INSERT INTO bill_shares (bill_id, user_id, amount_minor)
    SELECT ${billId}, u, m FROM unnest(${sql.raw(`ARRAY[${users.join(',')}]::int[]`)}, ${sql.raw(`ARRAY[${minors.join(',')}]::int[]`)}) AS t(u, m)`);
  // §10.2: payers are everyone with a share above 0 but the owner; a §7.1 bill keeps the payers as sent.
  const payers = legacy?.payers ?? users.filter((u) => u !== ownerId && result.shares.get(u)! > 0);
  const includeOwner = legacy?.includeOwner ?? (result.shares.get(ownerId) ?? 0) > 0;
  if (payers.length > 0)
    await tx.execute(sql`
      INSERT INTO bill_payers (bill_id, user_id) SELECT ${billId}, u FROM unnest(${sql.raw(`ARRAY[${payers.join(',')}]::int[]`)}) AS u`);
  await tx.execute(sql`UPDATE bills SET include_owner = ${includeOwner} WHERE id = ${billId}`);
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

/**
 * A deleted account stays a member ("Deleted user", declined) of the rooms whose money names it, so that its bills
 * and debts read right (docs/accounts.md); it takes part in no new bill: nobody could ever settle that debt.
 */
async function refuseDeletedAccounts(tx: Tx, ids: number[], path: string) {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM users WHERE id = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) AND deleted_at IS NOT NULL`);
  if (rows.length > 0) {
    const message = 'A deleted account cannot take part in a new bill.';
    throw badRequest(message, [{ path, message }]);
  }
}

export async function createBill(ctx: BillsContext, me: Me, body: CreateBillBody): Promise<Bill> {
  const bill = await ctx.db.transaction(async (tx) => {
    const room = await lockOpenRoomAsMember(tx, body.roomId, me.id);
    const exponent = currencyExponent(room.currency);
    const ownerId = await paidByOrBadRequest(tx, body.roomId, body.paidBy, me.id);
    const plan = await planCreate(tx, body.roomId, body, ownerId, exponent);
    await refuseDeletedAccounts(tx, [ownerId], 'paidBy');
    await refuseDeletedAccounts(tx, specUserIds(plan.spec), body.split ? 'split' : 'payers');
    // The total does not depend on the bill id (only who gets a leftover unit does): check it before the insert.
    const { total } = splitOrBadRequest(() =>
      computeSplit({ billId: 0, total: plan.total, exponent, split: plan.spec }),
    );
    const inserted = await tx.execute<{ id: number }>(sql`
      INSERT INTO bills (room_id, owner_id, created_by, name, amount_cents, include_owner, split)
      VALUES (${body.roomId}, ${ownerId}, ${me.id}, ${body.name}, ${total}, ${body.includeOwner}, ${null}) RETURNING id`);
    const id = inserted.rows[0]!.id;
    const result = computeSplit({ billId: id, total, exponent, split: plan.spec });
    await tx.execute(
      sql`UPDATE bills SET split = ${JSON.stringify(stored(plan.spec, result))}::jsonb WHERE id = ${id}`,
    );
    await writeShares(tx, id, ownerId, result, plan.legacy);
    // Read inside the transaction: a delete right after the commit must not leave this answer without its bill.
    return (await selectBills(tx, me.id, sql`b.id = ${id}`))[0]!;
  });
  await ctx.hub.toUsers(await roomMembers(ctx.db, body.roomId), {
    type: 'BILL_CREATED',
    data: { roomId: body.roomId },
  });
  return bill;
}

type BillForChange = {
  room_id: string;
  owner_id: number;
  created_by: number;
  consolidation_id: number | null;
};

/**
 * The bill under its room's lock, for a change by `me`: 404 when there is no such bill, 403 for someone who is not
 * a member or is neither its creator, its payer nor the host, 409 once consolidated or the room is closed.
 */
async function lockBillForChange(tx: Tx, billId: number, me: Me, verb: string) {
  const first = await tx.execute<{ room_id: string }>(sql`SELECT room_id FROM bills WHERE id = ${billId}`);
  if (!first.rows[0]) throw notFound('Bill not found.');
  const room = await lockRoom(tx, first.rows[0].room_id);
  // Read again under the lock: a consolidation or a delete may have committed meanwhile.
  const { rows } = await tx.execute<BillForChange & { split: StoredSpec | null; amount_cents: number }>(
    sql`SELECT room_id, owner_id, created_by, consolidation_id, split, amount_cents FROM bills WHERE id = ${billId}`,
  );
  const bill = rows[0];
  if (!bill || !room) throw notFound('Bill not found.');
  if (!(await isMember(tx, bill.room_id, me.id)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER');
  if (bill.owner_id !== me.id && bill.created_by !== me.id && room.host_id !== me.id)
    throw forbidden(`Only the person who added the bill, who paid it or the host can ${verb} it.`);
  if (bill.consolidation_id !== null) throw conflict('This bill is already consolidated.');
  if (room.is_closed) throw conflict('This room is closed.');
  return { bill, room };
}

/** `PATCH /bills/{id}` (api-contract §10.2): what is left out stays; the shares are computed again. */
export async function editBill(ctx: BillsContext, me: Me, billId: number, body: EditBillBody): Promise<Bill> {
  const edited = await ctx.db.transaction(async (tx) => {
    const { bill, room } = await lockBillForChange(tx, billId, me, 'edit');
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
    if (total === undefined && spec.mode !== 'items') total = bill.amount_cents;
    const result = splitOrBadRequest(() => computeSplit({ billId, total, exponent, split: spec }));
    await tx.execute(sql`
      UPDATE bills SET name = COALESCE(${body.name ?? null}, name), owner_id = ${ownerId}, amount_cents = ${result.total},
        split = ${JSON.stringify(stored(spec, result))}::jsonb, updated_at = now()
      WHERE id = ${billId}`);
    await writeShares(tx, billId, ownerId, result);
    return (await selectBills(tx, me.id, sql`b.id = ${billId}`))[0]!;
  });
  await ctx.hub.toUsers(await roomMembers(ctx.db, edited.roomId), {
    type: 'BILL_UPDATED',
    data: { roomId: edited.roomId, billId },
  });
  return edited;
}

async function equalOfParticipants(tx: Tx, billId: number): Promise<SplitSpec> {
  const { rows } = await tx.execute<{ user_id: number }>(
    sql`SELECT user_id FROM bill_shares WHERE bill_id = ${billId} ORDER BY user_id`,
  );
  return { mode: 'equal', userIds: rows.map((r) => r.user_id) };
}

/** Its creator, its payer or the host, before consolidation. */
export async function deleteBill(ctx: BillsContext, me: Me, billId: number): Promise<void> {
  const roomId = await ctx.db.transaction(async (tx) => {
    const { bill } = await lockBillForChange(tx, billId, me, 'delete');
    await tx.execute(sql`DELETE FROM bills WHERE id = ${billId}`);
    return bill.room_id;
  });
  const members = await roomMembers(ctx.db, roomId);
  // BILL_CREATED is what the original client refreshes its bills on; BILL_UPDATED names the bill.
  await ctx.hub.toUsers(members, { type: 'BILL_CREATED', data: { roomId } });
  await ctx.hub.toUsers(members, { type: 'BILL_UPDATED', data: { roomId, billId } });
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
  // With `ownerId`, one payer's bills (bills_room_owner_idx serves them in the list's order, migration 0017).
  const inRoom =
    q.ownerId === undefined
      ? sql`b.room_id = ${roomId}`
      : sql`b.room_id = ${roomId} AND b.owner_id = ${q.ownerId}`;
  if (!wantsPage(q)) return { bills: await selectBills(ctx.db, me.id, inRoom) };
  const before = q.cursor ? decodeCursor(q.cursor, ['us', 'int'], 'bills') : undefined;
  const limit = pageLimit(q);
  const rows = await selectBills(
    ctx.db,
    me.id,
    before
      ? sql`${inRoom} AND (b.created_at, b.id) < (${usTimestamp(before[0])}, ${before[1]}::int)`
      : inRoom,
    limit + 1,
  );
  const { page, nextCursor } = keysetPage(rows, limit, (b) => [b.keyUs, b.id]);
  return { bills: page.map(({ keyUs: _, ...b }) => b), nextCursor };
}
