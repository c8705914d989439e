import { sql } from 'drizzle-orm';
import { AmountError, billDebts, formatCents, netBalances, parseAmount, settle } from '@outing/ledger';
import type { Bill, CreateBillBody, Transaction } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { deliver, storeNotifications } from '../notifications/service.js';
import { isMember, lockRoom, type Tx } from '../rooms/queries.js';
import { selectBills, selectTransactions } from './queries.js';

export type BillsContext = { db: Db; events: AppEvents; hub: RealtimeHub };
type Me = { id: number; username: string };

const REMINDER_WINDOW = '1 hour';

async function roomMembers(db: Db | Tx, roomId: string): Promise<number[]> {
  const { rows } = await db.execute<{ user_id: number }>(
    sql`SELECT user_id FROM room_members WHERE room_id = ${roomId}`,
  );
  return rows.map((r) => r.user_id);
}

async function isConsolidated(db: Db | Tx, roomId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM consolidations WHERE room_id = ${roomId}`);
  return rows.length > 0;
}

/** Room lock, existence (404), membership (403), open (409), not consolidated (409): the checks every bill change makes. */
async function lockOpenRoomAsMember(tx: Tx, roomId: string, userId: number) {
  const room = await lockRoom(tx, roomId);
  if (!room) throw notFound('Room not found.');
  if (!(await isMember(tx, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER');
  if (room.is_closed) throw conflict('This room is closed.');
  if (await isConsolidated(tx, roomId)) throw conflict('The bills of this room are already consolidated.');
  return room;
}

export async function createBill(ctx: BillsContext, me: Me, body: CreateBillBody): Promise<Bill> {
  let cents: number;
  try {
    cents = parseAmount(body.amount);
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, [{ path: 'amount', message: err.message }]);
    throw err;
  }
  const payers = [...new Set(body.payers)];
  if (payers.includes(me.id))
    throw badRequest('Payers are the other members; use includeOwner for yourself.', [
      { path: 'payers', message: 'You cannot be a payer of your own bill' },
    ]);
  const billId = await ctx.db.transaction(async (tx) => {
    await lockOpenRoomAsMember(tx, body.roomId, me.id);
    const list = sql.join(
      payers.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const { rows } = await tx.execute<{ id: number; member: boolean }>(sql`
      SELECT u.id, EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = ${body.roomId} AND m.user_id = u.id) AS member
      FROM users u WHERE u.id IN (${list})`);
    if (rows.length !== payers.length) throw notFound('Room or user not found');
    if (rows.some((r) => !r.member))
      throw badRequest('Every payer must be a member of the room.', [
        { path: 'payers', message: 'Every payer must be a member of the room' },
      ]);
    const inserted = await tx.execute<{ id: number }>(sql`
      INSERT INTO bills (room_id, owner_id, name, amount_cents, include_owner)
      VALUES (${body.roomId}, ${me.id}, ${body.name}, ${cents}, ${body.includeOwner}) RETURNING id`);
    const id = inserted.rows[0]!.id;
    await tx.execute(
      sql`INSERT INTO bill_payers (bill_id, user_id) SELECT ${id}, u FROM unnest(${sql.raw(`ARRAY[${payers.map(Number).join(',')}]::int[]`)}) AS u`,
    );
    return id;
  });
  await ctx.hub.toUsers(await roomMembers(ctx.db, body.roomId), {
    type: 'BILL_CREATED',
    data: { roomId: body.roomId },
  });
  const [bill] = await selectBills(ctx.db, me.id, sql`b.id = ${billId}`);
  return bill!;
}

/** The owner or the host, before consolidation. */
export async function deleteBill(ctx: BillsContext, me: Me, billId: number): Promise<void> {
  const roomId = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ room_id: string; owner_id: number }>(
      sql`SELECT room_id, owner_id FROM bills WHERE id = ${billId}`,
    );
    const bill = rows[0];
    if (!bill) throw notFound('Bill not found.');
    const room = await lockRoom(tx, bill.room_id);
    if (!(await isMember(tx, bill.room_id, me.id)))
      throw forbidden('You are not a member of this room.', 'NOT_MEMBER');
    if (bill.owner_id !== me.id && room!.host_id !== me.id)
      throw forbidden('Only the bill’s owner or the host can delete it.');
    if (await isConsolidated(tx, bill.room_id))
      throw conflict('The bills of this room are already consolidated.');
    await tx.execute(sql`DELETE FROM bills WHERE id = ${billId}`);
    return bill.room_id;
  });
  await ctx.hub.toUsers(await roomMembers(ctx.db, roomId), { type: 'BILL_CREATED', data: { roomId } });
}

export async function listBills(ctx: BillsContext, me: Me, roomId: string): Promise<Bill[]> {
  await requireMemberOf(ctx.db, roomId, me.id);
  return selectBills(ctx.db, me.id, sql`b.room_id = ${roomId}`);
}

async function requireMemberOf(db: Db, roomId: string, userId: number) {
  const { rows } = await db.execute(sql`SELECT 1 FROM rooms WHERE id = ${roomId}`);
  if (rows.length === 0) throw notFound('Room not found.');
  if (!(await isMember(db, roomId, userId)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER');
}

export async function consolidationStatus(ctx: BillsContext, me: Me, roomId: string): Promise<boolean> {
  await requireMemberOf(ctx.db, roomId, me.id);
  return isConsolidated(ctx.db, roomId);
}

/**
 * Turns every bill of the room into the fewest payments (packages/ledger) in one transaction under the room lock,
 * so that no bill slips in or out; a second consolidation is a 409. Each payer is told what they owe to whom.
 */
export async function consolidate(ctx: BillsContext, me: Me, roomId: string): Promise<Transaction[]> {
  const { consolidationId, pending } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found.');
    if (room.host_id !== me.id) throw forbidden('Only the host can consolidate the bills.', 'NOT_HOST');
    if (await isConsolidated(tx, roomId)) throw conflict('The bills of this room are already consolidated.');
    const { rows: bills } = await tx.execute<{
      id: number;
      owner_id: number;
      amount_cents: number;
      include_owner: boolean;
      payers: number[];
    }>(sql`
      SELECT b.id, b.owner_id, b.amount_cents, b.include_owner,
        COALESCE((SELECT array_agg(p.user_id) FROM bill_payers p WHERE p.bill_id = b.id), '{}') AS payers
      FROM bills b WHERE b.room_id = ${roomId} ORDER BY b.id`);
    if (bills.length === 0) throw conflict('There are no bills to consolidate.');
    const debts = bills.flatMap((b) =>
      billDebts({
        billId: b.id,
        totalCents: b.amount_cents,
        ownerId: b.owner_id,
        payerIds: b.payers.map(Number),
        includeOwner: b.include_owner,
      }),
    );
    const { transfers } = settle(netBalances(debts));
    const created = await tx.execute<{ id: number }>(
      sql`INSERT INTO consolidations (room_id, created_by) VALUES (${roomId}, ${me.id}) RETURNING id`,
    );
    const consolidationId = created.rows[0]!.id;
    await tx.execute(sql`UPDATE bills SET consolidation_id = ${consolidationId} WHERE room_id = ${roomId}`);
    for (const t of transfers) {
      await tx.execute(sql`
        INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents)
        VALUES (${consolidationId}, ${roomId}, ${t.from}, ${t.to}, ${t.cents})`);
    }
    const { rows: names } = await tx.execute<{ id: number; username: string }>(sql`
      SELECT id, username FROM users WHERE id IN (SELECT user_id FROM room_members WHERE room_id = ${roomId}
        UNION SELECT payer_id FROM transactions WHERE consolidation_id = ${consolidationId}
        UNION SELECT payee_id FROM transactions WHERE consolidation_id = ${consolidationId})`);
    const nameOf = new Map(names.map((n) => [n.id, n.username]));
    const pending = await storeNotifications(
      tx,
      transfers.map((t) => ({
        userId: t.from,
        title: 'Bills consolidated',
        content: `You owe $${formatCents(t.cents)} to ${nameOf.get(t.to)} for ${room.name}.`,
        url: '/',
      })),
    );
    return { consolidationId, pending };
  });
  deliver(ctx.events, pending);
  await ctx.hub.toUsers(await roomMembers(ctx.db, roomId), { type: 'BILLS_CONSOLIDATED', data: { roomId } });
  return selectTransactions(ctx.db, me.id, sql`t.consolidation_id = ${consolidationId}`);
}

export function listTransactions(ctx: BillsContext, me: Me, isPaid: boolean): Promise<Transaction[]> {
  return selectTransactions(
    ctx.db,
    me.id,
    sql`(t.payer_id = ${me.id} OR t.payee_id = ${me.id}) AND t.is_paid = ${isPaid}`,
    isPaid ? sql`t.paid_on DESC, t.id DESC` : sql`t.created_at DESC, t.id DESC`,
  );
}

/** Only the payer; one conditional update, so of any number of simultaneous settles exactly one succeeds. */
export async function settleTransaction(
  ctx: BillsContext,
  me: Me,
  transactionId: number,
): Promise<Transaction> {
  const [existing] = await selectTransactions(ctx.db, me.id, sql`t.id = ${transactionId}`);
  if (!existing) throw notFound('Transaction not found.');
  if (existing.payerId !== me.id) throw forbidden('Only the payer can settle this transaction.');
  const pending = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ amount_cents: number }>(sql`
      UPDATE transactions SET is_paid = true, paid_on = now() WHERE id = ${transactionId} AND is_paid = false
      RETURNING amount_cents`);
    if (rows.length === 0) throw conflict('This transaction is already settled.');
    return storeNotifications(tx, [
      {
        userId: existing.payeeId,
        title: 'Settled',
        content: `${existing.payer.username} paid you $${formatCents(rows[0]!.amount_cents)}!`,
        url: '/profile',
      },
    ]);
  });
  deliver(ctx.events, pending);
  await ctx.hub.toUsers([existing.payerId, existing.payeeId], {
    type: 'TRANSACTION_SETTLED',
    data: { transactionId, roomId: existing.roomId },
  });
  const [settled] = await selectTransactions(ctx.db, me.id, sql`t.id = ${transactionId}`);
  return settled!;
}

/**
 * The reminder (api-contract §4, safety): only the payee of an unpaid transaction may remind its payer, at most
 * once an hour per pair. Stored and delivered like every notification.
 */
export async function remind(ctx: BillsContext, me: Me, payerId: number, title: string, content: string) {
  const pending = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      SELECT 1 FROM transactions WHERE payee_id = ${me.id} AND payer_id = ${payerId} AND is_paid = false LIMIT 1`);
    if (rows.length === 0) throw forbidden('You can only remind someone who owes you money.');
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reminder:${me.id}:${payerId}`}))`);
    const { rows: recent } = await tx.execute<{ wait: number }>(sql`
      SELECT extract(epoch FROM max(created_at) + interval '${sql.raw(REMINDER_WINDOW)}' - now())::float8 AS wait
      FROM reminders WHERE payee_id = ${me.id} AND payer_id = ${payerId} AND created_at > now() - interval '${sql.raw(REMINDER_WINDOW)}'`);
    const wait = recent[0]?.wait;
    if (wait && wait > 0) throw tooMany('You already reminded them in the last hour.', wait);
    await tx.execute(sql`INSERT INTO reminders (payee_id, payer_id) VALUES (${me.id}, ${payerId})`);
    return storeNotifications(tx, [{ userId: payerId, title, content, url: '/' }]);
  });
  deliver(ctx.events, pending);
  return pending[0]!.notification;
}
