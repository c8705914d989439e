import { sql } from 'drizzle-orm';
import {
  currencyExponent,
  explainTransfers,
  minorToAmount,
  roomBalances as ledgerBalances,
  settle,
} from '@outing/ledger';
import type { Balances, CursorQuery, Round, Transaction } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit, wantsPage } from '../../lib/cursor.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, storeNotifications } from '../notifications/service.js';
import { lockRoom, type Runner } from '../rooms/queries.js';
import { selectTransactions } from './queries.js';
import { requireMemberOf, roomMembers, type BillsContext, type Me } from './access.js';

type RoundBill = { billId: number; ownerId: number; shares: Map<number, number> };

/** The bills of the room's open round with their stored shares, in bill order. */
async function openRoundBills(db: Runner, roomId: string): Promise<RoundBill[]> {
  const { rows } = await db.execute<{ id: number; owner_id: number; shares: [number, number][] }>(sql`
    SELECT b.id, b.owner_id,
      COALESCE((SELECT json_agg(json_build_array(s.user_id, s.amount_minor) ORDER BY s.user_id)
        FROM bill_shares s WHERE s.bill_id = b.id), '[]') AS shares
    FROM bills b WHERE b.room_id = ${roomId} AND b.consolidation_id IS NULL ORDER BY b.id`);
  return rows.map((b) => ({ billId: b.id, ownerId: b.owner_id, shares: new Map(b.shares) }));
}

/** The nets of a round (they add up to exactly 0) and the fewest transfers that settle them (api-contract §7.2). */
function settleRound(bills: RoundBill[]) {
  const { members } = ledgerBalances(bills);
  const nets = new Map([...members].map(([id, m]) => [id, m.net]));
  return { members, transfers: settle(nets).transfers };
}

/**
 * Turns the open round into the fewest payments (packages/ledger) in one transaction under the room lock, so that
 * no bill slips in or out, and closes the round: bills added afterwards form the next one (api-contract §10.3).
 * Each payer is told what they owe to whom, in the room's currency.
 */
export async function consolidate(ctx: BillsContext, me: Me, roomId: string): Promise<Transaction[]> {
  const { consolidationId, pending } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found.');
    if (room.host_id !== me.id) throw forbidden('Only the host can consolidate the bills.', 'NOT_HOST');
    const bills = await openRoundBills(tx, roomId);
    if (bills.length === 0) {
      const { rows } = await tx.execute(sql`SELECT 1 FROM bills WHERE room_id = ${roomId} LIMIT 1`);
      throw conflict(
        rows.length > 0
          ? 'The bills of this room are already consolidated.'
          : 'There are no bills to consolidate.',
      );
    }
    const { transfers } = settleRound(bills);
    const created = await tx.execute<{ id: number }>(
      sql`INSERT INTO consolidations (room_id, created_by) VALUES (${roomId}, ${me.id}) RETURNING id`,
    );
    const consolidationId = created.rows[0]!.id;
    const ids = sql.raw(`ARRAY[${bills.map((b) => b.billId).join(',')}]::int[]`);
    await tx.execute(sql`UPDATE bills SET consolidation_id = ${consolidationId} WHERE id = ANY(${ids})`);
    let made: { id: number; payer_id: number; payee_id: number }[] = [];
    if (transfers.length > 0) {
      const col = (values: number[]) => sql.raw(`ARRAY[${values.join(',')}]::int[]`);
      ({ rows: made } = await tx.execute<{ id: number; payer_id: number; payee_id: number }>(sql`
        INSERT INTO transactions (consolidation_id, room_id, payer_id, payee_id, amount_cents)
        SELECT ${consolidationId}, ${roomId}, f, t, c
        FROM unnest(${col(transfers.map((t) => t.from))}, ${col(transfers.map((t) => t.to))}, ${col(transfers.map((t) => t.cents))}) AS x(f, t, c)
        RETURNING id, payer_id, payee_id`));
      // Which bills each transfer comes from (api-contract §10.5: a consolidated transaction shows its bills).
      const why = explainTransfers(bills, transfers);
      const parts = made.flatMap((m) =>
        (why.get(`${m.payer_id}>${m.payee_id}`) ?? []).map((p) => [m.id, p.billId, p.minor] as const),
      );
      if (parts.length > 0)
        await tx.execute(sql`
          INSERT INTO transaction_bills (transaction_id, bill_id, amount_minor)
          SELECT * FROM unnest(${col(parts.map((p) => p[0]))}, ${col(parts.map((p) => p[1]))}, ${col(parts.map((p) => p[2]))})`);
    }
    const people = [...new Set(transfers.map((t) => t.to))];
    const { rows: names } = people.length
      ? await tx.execute<{ id: number; username: string }>(
          sql`SELECT id, username FROM users WHERE id = ANY(${sql.raw(`ARRAY[${people.join(',')}]::int[]`)})`,
        )
      : { rows: [] };
    const nameOf = new Map(names.map((n) => [n.id, n.username]));
    // One transfer per payer and payee in a round: that pair names its transaction.
    const madeFor = new Map(made.map((m) => [`${m.payer_id}>${m.payee_id}`, m.id]));
    const pending = await storeNotifications(
      tx,
      transfers.map((t) => ({
        userId: t.from,
        kind: 'bills_consolidated' as const,
        title: 'Bills consolidated',
        content: `You owe ${formatMoney(t.cents, room.currency)} to ${nameOf.get(t.to)} for ${room.name}.`,
        url: `/room/${roomId}`,
        roomId,
        transactionIds: [madeFor.get(`${t.from}>${t.to}`)!],
        actorId: t.to,
        params: {
          username: nameOf.get(t.to),
          roomName: room.name,
          amount: minorToAmount(t.cents, currencyExponent(room.currency)),
          currency: room.currency,
        },
      })),
    );
    return { consolidationId, pending };
  });
  deliver(ctx.events, pending);
  await ctx.hub.toUsers(await roomMembers(ctx.db, roomId), { type: 'BILLS_CONSOLIDATED', data: { roomId } });
  return selectTransactions(ctx.db, me.id, sql`t.consolidation_id = ${consolidationId}`);
}

/** True when the room has bills and none of them is in an open round (api-contract §10.3). */
export async function consolidationStatus(ctx: BillsContext, me: Me, roomId: string): Promise<boolean> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const { rows } = await ctx.db.execute<{ any: boolean; open: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM bills WHERE room_id = ${roomId}) AS any,
      EXISTS (SELECT 1 FROM bills WHERE room_id = ${roomId} AND consolidation_id IS NULL) AS open`);
  return rows[0]!.any && !rows[0]!.open;
}

/**
 * `GET /rooms/{id}/balances`: the open round as if it were settled now. Every member is listed (with zeros when
 * they are in no bill), and so is anyone in a bill of the round. Derived from the stored shares on every call.
 */
export async function roomBalances(ctx: BillsContext, me: Me, roomId: string): Promise<Balances> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const [bills, members, currency] = await Promise.all([
    openRoundBills(ctx.db, roomId),
    roomMembers(ctx.db, roomId),
    roomCurrency(ctx.db, roomId),
  ]);
  const exponent = currencyExponent(currency);
  const amount = (minor: number) => minorToAmount(minor, exponent);
  const { members: sums, transfers } = settleRound(bills);
  const why = explainTransfers(bills, transfers);
  const ids = [...new Set([...members, ...sums.keys()])].sort((a, b) => a - b);
  return {
    currency,
    members: ids.map((userId) => {
      const s = sums.get(userId) ?? { paid: 0, owes: 0, net: 0 };
      return { userId, paid: amount(s.paid), owes: amount(s.owes), net: amount(s.net) };
    }),
    transfers: transfers.map((t) => ({
      payerId: t.from,
      payeeId: t.to,
      amount: amount(t.cents),
      bills: (why.get(`${t.from}>${t.to}`) ?? []).map((p) => ({ billId: p.billId, amount: amount(p.minor) })),
    })),
    bills: bills.map((b) => ({
      billId: b.billId,
      shares: [...b.shares].map(([userId, minor]) => ({ userId, amount: amount(minor) })),
    })),
  };
}

async function roomCurrency(db: Db, roomId: string): Promise<string> {
  const { rows } = await db.execute<{ currency: string }>(
    sql`SELECT currency FROM rooms WHERE id = ${roomId}`,
  );
  return rows[0]!.currency;
}

/**
 * `GET /rooms/{id}/rounds`: every consolidated round, newest first, with its bills and the transfers it made. With
 * `limit`/`cursor` (docs/pagination.md), a keyset page of rounds on their id (consolidations_room_idx) and its
 * `nextCursor`, the transfers read for that page's rounds only; without, every round as before.
 */
export async function roomRounds(
  ctx: BillsContext,
  me: Me,
  roomId: string,
  q: CursorQuery = {},
): Promise<{ rounds: Round[]; nextCursor?: string | null }> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const currency = await roomCurrency(ctx.db, roomId);
  const paged = wantsPage(q);
  const before = q.cursor ? decodeCursor(q.cursor, ['int'], 'rounds')[0] : undefined;
  const limit = pageLimit(q);
  const { rows: read } = await ctx.db.execute<{
    id: number;
    created_at: string;
    created_by: number;
    total: number;
    bill_ids: number[];
  }>(sql`
    SELECT c.id, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, c.created_by,
      COALESCE((SELECT sum(b.amount_cents) FROM bills b WHERE b.consolidation_id = c.id), 0)::bigint::float8 AS total,
      COALESCE((SELECT array_agg(b.id ORDER BY b.id) FROM bills b WHERE b.consolidation_id = c.id), '{}') AS bill_ids
    FROM consolidations c WHERE c.room_id = ${roomId} ${before === undefined ? sql`` : sql`AND c.id < ${before}`}
    ORDER BY c.id DESC ${paged ? sql`LIMIT ${limit + 1}` : sql``}`);
  const { page: rows, nextCursor } = paged
    ? keysetPage(read, limit, (r) => [r.id])
    : { page: read, nextCursor: undefined };
  if (rows.length === 0) return { rounds: [], nextCursor };
  // Rounds are numbered in the order they were made: the page's newest is the count up to it, the others follow
  // down (a page is a run of consecutive rounds), one index count per page.
  const { rows: counted } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM consolidations WHERE room_id = ${roomId} AND id <= ${rows[0]!.id}`,
  );
  const newest = counted[0]!.n;
  const transactions = await selectTransactions(
    ctx.db,
    me.id,
    paged
      ? sql`t.room_id = ${roomId} AND t.consolidation_id = ANY(${sql.raw(`ARRAY[${rows.map((r) => Number(r.id)).join(',')}]::int[]`)})`
      : sql`t.room_id = ${roomId}`,
    sql`t.consolidation_id DESC, t.id`,
  );
  const exponent = currencyExponent(currency);
  const rounds = rows.map((r, i) => ({
    id: r.id,
    roomId,
    number: newest - i,
    createdAt: r.created_at,
    createdBy: r.created_by,
    total: minorToAmount(r.total, exponent),
    billIds: r.bill_ids.map(Number),
    transactions: transactions.filter((t) => t.consolidationId === r.id),
  }));
  return { rounds, nextCursor };
}
