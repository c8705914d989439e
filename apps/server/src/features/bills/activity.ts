import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { Activity, CursorQuery } from '@outing/contract';
import { isoTimestamp } from '../../db/timestamps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit } from '../../lib/cursor.js';
import { isMember } from '../rooms/queries.js';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import { billRoomId } from './queries.js';
import { selectActivityPage } from './queries-activity.js';
import { guestMark } from '../users/guest-mark.js';

/** Money changes are stored in major units already (bills' answers); nothing to convert but the row's own amount. */
async function page(
  ctx: BillsContext,
  me: Me,
  of: { roomId: string; billId?: number },
  q: CursorQuery,
): Promise<{ entries: Activity[]; nextCursor: string | null }> {
  const limit = pageLimit(q);
  const before = q.cursor ? decodeCursor(q.cursor, ['int'], 'activity')[0] : undefined;
  const rows = await selectActivityPage(ctx.db, me.id, of, before, limit + 1);
  const { page: shown, nextCursor } = keysetPage(rows, limit, (r) => [r.id]);
  return {
    entries: shown.map((r) => {
      const exponent = currencyExponent(r.currency);
      const payment = r.kind.startsWith('payment_');
      return {
        id: r.id,
        at: isoTimestamp(r.at),
        actor: {
          id: r.actor_id,
          username: r.username,
          displayName: r.display_name,
          email: r.email,
          pictureUrl: r.picture_url,
          ...guestMark(r.is_guest),
        },
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
  return page(ctx, me, { roomId }, q);
}

/** `GET /bills/{id}/activity` (members of its room; a deleted bill's too): that bill's history, newest first. */
export async function billActivity(ctx: BillsContext, me: Me, billId: number, q: CursorQuery) {
  const roomId = await billRoomId(ctx.db, billId);
  if (!roomId) throw notFound('Bill not found.', 'BILL_NOT_FOUND');
  if (!(await isMember(ctx.db, roomId, me.id)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  return page(ctx, me, { roomId, billId }, q);
}
