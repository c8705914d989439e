import { sql } from 'drizzle-orm';
import type { Activity } from '@outing/contract';
import { rows } from '../../db/rows.js';
import type { Runner } from '../rooms/queries.js';

export type ActivityKind =
  | 'bill_created'
  | 'bill_edited'
  | 'bill_deleted'
  | 'bill_restored'
  | 'payment_recorded'
  | 'payment_received'
  | 'payment_confirmed'
  | 'payment_disputed'
  | 'payment_undone'
  | 'member_joined'
  | 'member_left'
  | 'room_moved';

export type ActivityChange = { field: string; before: string | number | null; after: string | number | null };

// A room's activity (decision 023's queries-<topic>.ts): the line each change writes, and the keyset pages of
// GET /rooms/{id}/activity and GET /bills/{id}/activity.

/** One line of a room's activity, written in the change's transaction (ledger.ts `recordActivity`). */
export async function insertActivity(
  db: Runner,
  entry: {
    roomId: string;
    actorId: number;
    kind: ActivityKind;
    billId?: number;
    transactionId?: number;
    changes?: ActivityChange[];
  },
): Promise<void> {
  // The bill's or the payment's name, amount and sides as they are now, so that the line reads the same later.
  await db.execute(sql`
    INSERT INTO room_activity (room_id, actor_id, kind, bill_id, transaction_id, changes, bill_name, amount_minor,
      payer_id, payee_id)
    SELECT ${entry.roomId}, ${entry.actorId}, ${entry.kind}, ${entry.billId ?? null}, ${entry.transactionId ?? null},
      ${entry.changes && entry.changes.length > 0 ? JSON.stringify(entry.changes) : null}::jsonb,
      b.name, COALESCE(t.amount_minor, b.amount_minor), t.payer_id, t.payee_id
    FROM (SELECT 1) one
      LEFT JOIN bills b ON b.id = ${entry.billId ?? null}::int
      LEFT JOIN transactions t ON t.id = ${entry.transactionId ?? null}::int`);
}

export type ActivityRow = {
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
  display_name: string;
  email: string;
  picture_url: string;
  /** `users.guest_room_id IS NOT NULL` (decision 026). */
  is_guest: boolean;
};

/**
 * A page of activity, newest first: the room's lines, or (with `billId`) that bill's lines in its room; those
 * older than the line `before`; `limit` rows. The actor's email only for the viewer and the viewer's friends.
 */
export function selectActivityPage(
  db: Runner,
  viewerId: number,
  of: { roomId: string; billId?: number },
  before: number | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  const where =
    of.billId === undefined
      ? sql`a.room_id = ${of.roomId}`
      : sql`a.bill_id = ${of.billId} AND a.room_id = ${of.roomId}`;
  return rows<ActivityRow>(
    db,
    sql`
    SELECT a.id, a.at, a.kind, a.bill_id, a.bill_name, a.transaction_id, a.amount_minor, a.payer_id, a.payee_id,
      a.changes, r.currency, a.actor_id, u.username, u.display_name, u.picture_url, (u.guest_room_id IS NOT NULL) AS is_guest,
      CASE WHEN u.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)
        THEN u.email ELSE '' END AS email
    FROM (SELECT * FROM room_activity a WHERE ${where} ${before === undefined ? sql`` : sql`AND a.id < ${before}`}
          ORDER BY a.id DESC LIMIT ${limit}) a
      JOIN rooms r ON r.id = a.room_id JOIN users u ON u.id = a.actor_id
    ORDER BY a.id DESC`,
  );
}
