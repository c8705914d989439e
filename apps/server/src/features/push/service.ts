import net from 'node:net';
import type { Subscription } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { systemResolve, type Resolve } from '../../lib/guarded-request.js';
import { isLocalName, isPublicAddress } from '../../lib/public-address.js';
import {
  deleteSubscription,
  deleteSubscriptionOf,
  selectSubscriptionByEndpoint,
  selectSubscriptionsOf,
  upsertSubscription,
  type SubscriptionRow,
} from './queries.js';

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  userId: r.user_id,
  endpoint: r.endpoint,
  auth: r.auth,
  p256dh: r.p256dh,
});

/**
 * A push endpoint must be https on a public host, so that the server cannot be aimed at its own network: IP
 * literals and local names are judged as written, and a name is resolved (briefly) and refused when it points at
 * a non-public address. A name that does not resolve now is accepted: the sender resolves and checks again at
 * every delivery and connects only to the address it checked (`lib/guarded-request.ts`).
 */
export async function checkEndpoint(
  endpoint: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
) {
  const url = new URL(endpoint);
  if (allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw badRequest('endpoint must be an https URL', 'PUSH_ENDPOINT_NOT_HTTPS');
    return;
  }
  if (url.protocol !== 'https:') throw badRequest('endpoint must be an https URL', 'PUSH_ENDPOINT_NOT_HTTPS');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) ? !isPublicAddress(host) : isLocalName(host))
    throw badRequest('endpoint must be on a public host', 'PUSH_ENDPOINT_NOT_PUBLIC');
  if (net.isIP(host)) return;
  let resolved: { address: string }[];
  try {
    resolved = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow DNS')), 2000).unref()),
    ]);
  } catch {
    return; // not resolvable now: checked again at send time
  }
  if (resolved.some((a) => !isPublicAddress(a.address)))
    throw badRequest('endpoint must be on a public host', 'PUSH_ENDPOINT_NOT_PUBLIC');
}

/** Upsert by endpoint: the same browser subscribing again (or for another account) is re-bound to the caller. */
export async function subscribe(
  db: Db,
  userId: number,
  body: { userId?: number; endpoint: string; auth: string; p256dh: string },
  allowPrivate: boolean,
) {
  if (body.userId !== undefined && body.userId !== userId)
    throw forbidden('You can only subscribe yourself.', 'NOT_SELF');
  await checkEndpoint(body.endpoint, allowPrivate);
  return toSubscription(await upsertSubscription(db, userId, body));
}

export async function findByEndpoint(db: Db, userId: number, endpoint: string) {
  const row = await selectSubscriptionByEndpoint(db, userId, endpoint);
  if (!row) throw notFound('Subscription not found.', 'SUBSCRIPTION_NOT_FOUND');
  return toSubscription(row);
}

export async function unsubscribe(db: Db, userId: number, id: number) {
  if (!(await deleteSubscriptionOf(db, userId, id)))
    throw notFound('Subscription not found.', 'SUBSCRIPTION_NOT_FOUND');
}

export async function subscriptionsOf(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return selectSubscriptionsOf(db, userId);
}

export async function removeSubscription(db: Db, id: number) {
  await deleteSubscription(db, id);
}
