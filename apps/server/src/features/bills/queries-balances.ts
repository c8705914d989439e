import { sql } from 'drizzle-orm';
import { intArray } from '../../db/arrays.js';
import { rows } from '../../db/rows.js';
import type { Runner } from '../rooms/queries.js';

// GET /balances (overall-balances.ts; decision 023's queries-<topic>.ts). `overall-balances.test.ts` proves its
// answer equal to the ledger's on generated rooms: change this SQL and that test says whether it still is.

export type UnpaidNetRow = {
  other: number;
  currency: string;
  room_id: string;
  room_name: string;
  minor: string;
};

/**
 * What `userId` is owed (> 0) or owes (< 0) per other person and room, in minor units as text: the sum of their
 * unpaid transactions, read from the caller's indexes. Prepared: planning it took several times as long as
 * running it for a user with a few rooms.
 */
export function selectUnpaidNets(db: Runner, userId: number): Promise<UnpaidNetRow[]> {
  return rows<UnpaidNetRow>(
    db,
    sql`
    SELECT CASE WHEN t.payer_id = ${userId} THEN t.payee_id ELSE t.payer_id END AS other, r.currency,
      t.room_id, r.name AS room_name,
      sum(CASE WHEN t.payee_id = ${userId} THEN t.amount_minor ELSE -t.amount_minor END)::text AS minor
    FROM transactions t JOIN rooms r ON r.id = t.room_id
    WHERE (t.payer_id = ${userId} OR t.payee_id = ${userId}) AND NOT t.is_paid -- = status 'unpaid' (a CHECK), and what the indexes hold
    GROUP BY 1, 2, 3, 4`,
  );
}

export type BalancePersonRow = {
  id: number;
  username: string;
  display_name: string;
  email: string;
  picture_url: string;
  /** `users.guest_room_id IS NOT NULL` (decision 026). */
  is_guest: boolean;
};

/**
 * The people `ids` (none read for no ids), their email only for the viewer's friends. The list is bound as one
 * `int[]` parameter (`intArray`): one statement text whatever its length, prepared once (db/prepared.ts).
 */
export async function selectBalancePeople(
  db: Runner,
  viewerId: number,
  ids: readonly number[],
): Promise<BalancePersonRow[]> {
  if (ids.length === 0) return [];
  return rows<BalancePersonRow>(
    db,
    sql`
        SELECT u.id, u.username, u.display_name, u.picture_url, (u.guest_room_id IS NOT NULL) AS is_guest,
          CASE WHEN EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)
            THEN u.email ELSE '' END AS email
        FROM users u WHERE u.id = ANY(${intArray(ids)})`,
  );
}
