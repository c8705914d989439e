import { sql, type SQL } from 'drizzle-orm';
import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { Activity, CursorQuery } from '@outing/contract';
import { isoTimestamp } from '../../db/timestamps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit } from '../../lib/cursor.js';
import { isMember } from '../rooms/queries.js';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import type { ActivityChange } from './ledger.js';

type Row = {
  id: number;
  at: string;
  kind: Activity['kind'];
  bill_id: number | null;
  bill_name: string | null;
  transaction_id: number | null;
  amount_minor: number | null;
  payer_id: number | null;
  payee_id: number | null;
  changes: ActivityChange[] | null;
  currency: string;
  actor_id: number;
  username: string;
  email: string;
  picture_url: string;
};

/** Money changes are stored in major units already (bills' answers); nothing to convert but the row's own amount. */
async function page(
  ctx: BillsContext,
  me: Me,
  where: SQL,
  q: CursorQuery,
): Promise<{ entries: Activity[]; nextCursor: string | null }> {
  const limit = pageLimit(q);
  const before = q.cursor ? decodeCursor(q.cursor, ['int'], 'activity')[0] : undefined;
  const { rows } = await ctx.db.execute<Row>(sql`
    SELECT a.id, a.at, a.kind, a.bill_id, a.bill_name, a.transaction_id, a.amount_minor, a.payer_id, a.payee_id,
      a.changes, r.currency, a.actor_id, u.username, u.picture_url,
      CASE WHEN u.id = ${me.id} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${me.id} AND f.friend_id = u.id)
        THEN u.email ELSE '' END AS email
    FROM (SELECT * FROM room_activity a WHERE ${where} ${before === undefined ? sql`` : sql`AND a.id < ${before}`}
          ORDER BY a.id DESC LIMIT ${limit + 1}) a
      JOIN rooms r ON r.id = a.room_id JOIN users u ON u.id = a.actor_id
    ORDER BY a.id DESC`);
  const { page: shown, nextCursor } = keysetPage(rows, limit, (r) => [r.id]);
  return {
    entries: shown.map((r) => {
      const exponent = currencyExponent(r.currency);
      const payment = r.kind.startsWith('payment_');
      return {
        id: r.id,
        at: isoTimestamp(r.at),
        actor: { id: r.actor_id, username: r.username, email: r.email, pictureUrl: r.picture_url },
        kind: r.kind,
        ...(r.bill_id !== null ? { billId: r.bill_id } : {}),
        ...(r.bill_name !== null ? { billName: r.bill_name } : {}),
        ...(r.transaction_id !== null ? { transactionId: r.transaction_id } : {}),
        ...(payment && r.payer_id !== null ? { payerId: r.payer_id, payeeId: r.payee_id! } : {}),
        ...(r.amount_minor !== null ? { amount: minorToAmount(Number(r.amount_minor), exponent) } : {}),
        currency: r.currency,
        ...(r.changes ? { changes: r.changes } : {}),
      };
    }),
    nextCursor: nextCursor ?? null,
  };
}

/** `GET /rooms/{id}/activity` (members): the room's history, newest first, in keyset pages. */
export async function roomActivity(ctx: BillsContext, me: Me, roomId: string, q: CursorQuery) {
  await requireMemberOf(ctx.db, roomId, me.id);
  return page(ctx, me, sql`a.room_id = ${roomId}`, q);
}

/** `GET /bills/{id}/activity` (members of its room; a deleted bill's too): that bill's history, newest first. */
export async function billActivity(ctx: BillsContext, me: Me, billId: number, q: CursorQuery) {
  const { rows } = await ctx.db.execute<{ room_id: string }>(
    sql`SELECT room_id FROM bills WHERE id = ${billId}`,
  );
  const roomId = rows[0]?.room_id;
  if (!roomId) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  if (!(await isMember(ctx.db, roomId, me.id)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  return page(ctx, me, sql`a.bill_id = ${billId} AND a.room_id = ${roomId}`, q);
}
