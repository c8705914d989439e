import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { BillsSummary } from '@outing/contract';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import { roomCurrency, selectBillsSummary } from './queries.js';
import { guestMark } from '../users/guest-mark.js';

/**
 * `GET /rooms/{id}/bills/summary` (members; docs/pagination.md): how many bills the room has and their total, and the
 * same per member who paid, the owner of the newest bill first. One aggregate over `bills_room_owner_idx` (migration
 * 0017: an index-only scan, the amounts are in the index), so it costs the room's bills, never a read of them.
 */
export async function billsSummary(ctx: BillsContext, me: Me, roomId: string): Promise<BillsSummary> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const rows = await selectBillsSummary(ctx.db, me.id, roomId);
  const currency = rows[0]?.currency ?? (await roomCurrency(ctx.db, roomId));
  const exponent = currencyExponent(currency);
  const amount = (minor: number) => minorToAmount(minor, exponent);
  return {
    currency,
    count: rows.reduce((n, r) => n + r.n, 0),
    total: amount(rows.reduce((sum, r) => sum + r.total, 0)),
    owners: rows.map((r) => ({
      ownerId: r.owner_id,
      owner: {
        id: r.owner_id,
        username: r.username,
        displayName: r.display_name,
        email: r.email,
        pictureUrl: r.picture_url,
        ...guestMark(r.is_guest),
      },
      count: r.n,
      total: amount(r.total),
    })),
  };
}
