import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { row, rows } from '../../db/rows.js';

/** A push subscription as stored. */
export type SubscriptionRow = { id: number; user_id: number; endpoint: string; auth: string; p256dh: string };

/** Upsert by endpoint: the same browser subscribing again (or for another account) is re-bound to `userId`. */
export async function upsertSubscription(
  db: Db,
  userId: number,
  s: { endpoint: string; auth: string; p256dh: string },
): Promise<SubscriptionRow> {
  return (await row<SubscriptionRow>(
    db,
    sql`
    INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh) VALUES (${userId}, ${s.endpoint}, ${s.auth}, ${s.p256dh})
    ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, auth = EXCLUDED.auth, p256dh = EXCLUDED.p256dh
    RETURNING id, user_id, endpoint, auth, p256dh`,
  ))!;
}

/** The user's subscription with this endpoint, if any. */
export async function selectSubscriptionByEndpoint(db: Db, userId: number, endpoint: string) {
  return row<SubscriptionRow>(
    db,
    sql`
    SELECT id, user_id, endpoint, auth, p256dh FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${userId}`,
  );
}

/** Deletes the user's subscription `id`; whether there was one. */
export async function deleteSubscriptionOf(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await row<{ id: number }>(
    db,
    sql`DELETE FROM push_subscriptions WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return deleted !== undefined;
}

export async function selectSubscriptionsOf(db: Db, userId: number) {
  return rows<SubscriptionRow>(
    db,
    sql`SELECT id, user_id, endpoint, auth, p256dh FROM push_subscriptions WHERE user_id = ${userId}`,
  );
}

export async function deleteSubscription(db: Db, id: number) {
  await rows(db, sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
}
