import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { Subscription } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';

type Row = { id: number; user_id: number; endpoint: string; auth: string; p256dh: string };
const toSubscription = (r: Row): Subscription => ({
  id: r.id,
  userId: r.user_id,
  endpoint: r.endpoint,
  auth: r.auth,
  p256dh: r.p256dh,
});

function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal'))
    return true;
  if (net.isIPv4(h)) {
    const [a, b] = h.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(h)) {
    return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
  }
  return false;
}

/** A push endpoint must be https on a public host, so the server cannot be aimed at its own network. */
export function checkEndpoint(endpoint: string, allowPrivate: boolean) {
  const url = new URL(endpoint);
  if (allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw badRequest('endpoint must be an https URL');
    return;
  }
  if (url.protocol !== 'https:') throw badRequest('endpoint must be an https URL');
  if (isPrivateAddress(url.hostname)) throw badRequest('endpoint must be on a public host');
}

/** Upsert by endpoint: the same browser subscribing again (or for another account) is re-bound to the caller. */
export async function subscribe(
  db: Db,
  userId: number,
  body: { userId?: number; endpoint: string; auth: string; p256dh: string },
  allowPrivate: boolean,
) {
  if (body.userId !== undefined && body.userId !== userId)
    throw forbidden('You can only subscribe yourself.');
  checkEndpoint(body.endpoint, allowPrivate);
  const { rows } = await db.execute<Row>(sql`
    INSERT INTO push_subscriptions (user_id, endpoint, auth, p256dh) VALUES (${userId}, ${body.endpoint}, ${body.auth}, ${body.p256dh})
    ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, auth = EXCLUDED.auth, p256dh = EXCLUDED.p256dh
    RETURNING id, user_id, endpoint, auth, p256dh`);
  return toSubscription(rows[0]!);
}

export async function findByEndpoint(db: Db, userId: number, endpoint: string) {
  const { rows } = await db.execute<Row>(sql`
    SELECT id, user_id, endpoint, auth, p256dh FROM push_subscriptions WHERE endpoint = ${endpoint} AND user_id = ${userId}`);
  if (!rows[0]) throw notFound('Subscription not found.');
  return toSubscription(rows[0]);
}

export async function unsubscribe(db: Db, userId: number, id: number) {
  const { rows } = await db.execute(
    sql`DELETE FROM push_subscriptions WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  if (rows.length === 0) throw notFound('Subscription not found.');
}

export async function subscriptionsOf(db: Db, userId: number): Promise<Row[]> {
  const { rows } = await db.execute<Row>(
    sql`SELECT id, user_id, endpoint, auth, p256dh FROM push_subscriptions WHERE user_id = ${userId}`,
  );
  return rows;
}

export async function removeSubscription(db: Db, id: number) {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
}
