import { currencyExponent, minorToAmount } from '@outing/ledger';
import { billCategories, type RoomStats } from '@outing/contract';
import { notFound } from '../../lib/errors.js';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import {
  selectStatsByCategory,
  selectStatsByDay,
  selectStatsByMember,
  selectStatsRoom,
} from './queries-stats.js';

/**
 * `GET /rooms/{id}/stats` (members, guests of the room too; docs/api/README.md#statistics): the room's live bills,
 * settled ones included, summed by category, by person and by day. The three aggregates are read in one read-only
 * repeatable-read transaction, so that they see the same bills and each adds up to `total`.
 */
export async function roomStats(ctx: BillsContext, me: Me, roomId: string): Promise<RoomStats> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const read = await ctx.db.transaction(
    async (tx) => {
      const room = await selectStatsRoom(tx, roomId);
      if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
      return {
        room,
        byCategory: await selectStatsByCategory(tx, roomId),
        byMember: await selectStatsByMember(tx, roomId),
        byDay: await selectStatsByDay(tx, roomId, room.time_zone),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const exponent = currencyExponent(read.room.currency);
  const amount = (minor: number) => minorToAmount(minor, exponent);
  const order = (c: string) => billCategories.indexOf(c as (typeof billCategories)[number]);
  return {
    currency: read.room.currency,
    total: amount(read.byCategory.reduce((sum, c) => sum + c.minor, 0)),
    // Largest first; equal amounts in the list's order.
    byCategory: [...read.byCategory]
      .sort((a, b) => b.minor - a.minor || order(a.category) - order(b.category))
      .map((c) => ({ category: c.category, amount: amount(c.minor) })),
    byMember: read.byMember.map((m) => ({ userId: m.user_id, paid: amount(m.paid), owes: amount(m.owes) })),
    byDay: read.byDay.map((d) => ({ date: d.date, amount: amount(d.minor) })),
  };
}
