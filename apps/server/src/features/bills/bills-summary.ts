import { sql } from 'drizzle-orm';
import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { BillsSummary } from '@outing/contract';
import { executePrepared } from '../../db/prepared.js';
import { requireMemberOf, type BillsContext, type Me } from './access.js';

type OwnerRow = {
  owner_id: number;
  n: number;
  /** Minor units; a float8 of a bigint sum, exact far beyond any room's total. */
  total: number;
  username: string;
  email: string;
  picture_url: string;
  currency: string;
};

/**
 * `GET /rooms/{id}/bills/summary` (members; docs/pagination.md): how many bills the room has and their total, and the
 * same per member who paid, the owner of the newest bill first. One aggregate over `bills_room_owner_idx` (migration
 * 0017: an index-only scan, the amounts are in the index), so it costs the room's bills, never a read of them.
 */
export async function billsSummary(ctx: BillsContext, me: Me, roomId: string): Promise<BillsSummary> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const { rows } = await executePrepared<OwnerRow>(
    ctx.db,
    sql`
    SELECT s.owner_id, s.n, s.total, u.username, u.picture_url, r.currency,
      CASE WHEN u.id = ${me.id} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${me.id} AND f.friend_id = u.id)
        THEN u.email ELSE '' END AS email
    FROM (
      SELECT b.owner_id, count(*)::int AS n, sum(b.amount_cents)::float8 AS total,
        max(b.created_at) AS newest, max(b.id) AS newest_id
      FROM bills b WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL GROUP BY b.owner_id
    ) s
      JOIN users u ON u.id = s.owner_id
      JOIN rooms r ON r.id = ${roomId}
    ORDER BY s.newest DESC, s.newest_id DESC`,
  );
  const currency = rows[0]?.currency ?? (await roomCurrency(ctx, roomId));
  const exponent = currencyExponent(currency);
  const amount = (minor: number) => minorToAmount(minor, exponent);
  return {
    currency,
    count: rows.reduce((n, r) => n + r.n, 0),
    total: amount(rows.reduce((sum, r) => sum + r.total, 0)),
    owners: rows.map((r) => ({
      ownerId: r.owner_id,
      owner: { id: r.owner_id, username: r.username, email: r.email, pictureUrl: r.picture_url },
      count: r.n,
      total: amount(r.total),
    })),
  };
}

async function roomCurrency(ctx: BillsContext, roomId: string): Promise<string> {
  const { rows } = await ctx.db.execute<{ currency: string }>(
    sql`SELECT currency FROM rooms WHERE id = ${roomId}`,
  );
  return rows[0]!.currency;
}
