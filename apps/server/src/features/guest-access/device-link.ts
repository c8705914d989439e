import type { GuestDeviceLink } from '@outing/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import { selectRoom } from '../rooms/queries.js';
import { deviceSecretOf, deviceUrl, hashSecret, isSecretShaped, newSalt } from './links.js';
import {
  deleteDeviceLink,
  guestOfDeviceSecretHash,
  selectDeviceLinkSalt,
  upsertDeviceLink,
} from './queries-device-link.js';
import type { GuestContext, GuestJoined } from './service.js';

/**
 * A guest's personal link (issue 35, docs/api/README.md#guests): the guest opens the same guest on another device
 * from `{publicUrl}/guest/open#{secret}`. The secret is made as the room's guest link's is (links.ts): an HMAC over
 * the guest and a random salt, so it can be shown again without being stored; `guest_device_links` keeps the salt
 * and the secret's SHA-256. It sits in the URL's fragment and reaches the server only in `POST /guest/resume`'s body,
 * so no request log, proxy or Referer sees it.
 */

/** The caller, as the session gives it: a guest has its one room. */
type Caller = { id: number; guestRoomId: string | null };

/** An account has no personal link: 403 NOT_GUEST (a guest token is the only way to these routes' answers). */
function checkGuest(me: Caller): number {
  if (me.guestRoomId === null) throw forbidden('Only a guest has a personal link.', 'NOT_GUEST');
  return me.id;
}

const linkOf = (ctx: GuestContext, guestId: number, salt: string): GuestDeviceLink => ({
  url: deviceUrl(ctx.publicUrl, deviceSecretOf(ctx.secret, guestId, salt)),
});

/** `GET /guest/device-link`: the guest's personal link, or null when it is off. */
export async function getDeviceLink(ctx: GuestContext, me: Caller): Promise<GuestDeviceLink | null> {
  const guestId = checkGuest(me);
  const salt = await selectDeviceLinkSalt(ctx.db, guestId);
  return salt === undefined ? null : linkOf(ctx, guestId, salt);
}

/** `POST /guest/device-link`: a new secret; the earlier link stops working at once. */
export async function createDeviceLink(ctx: GuestContext, me: Caller): Promise<GuestDeviceLink> {
  const guestId = checkGuest(me);
  const salt = newSalt();
  await upsertDeviceLink(ctx.db, guestId, salt, hashSecret(deviceSecretOf(ctx.secret, guestId, salt)));
  return linkOf(ctx, guestId, salt);
}

/** `DELETE /guest/device-link` (idempotent): the row goes, so the next resume is refused on every instance. */
export async function revokeDeviceLink(ctx: GuestContext, me: Caller): Promise<void> {
  await deleteDeviceLink(ctx.db, checkGuest(me));
}

/**
 * `POST /guest/resume`: the guest of a live personal link's secret and its room as that guest sees it. 404
 * GUEST_DEVICE_LINK_INVALID, alike, for a secret that is malformed, unknown, replaced or revoked, and for a guest the
 * host removed or that was claimed into an account (its row is gone).
 */
export async function resumeGuest(
  ctx: GuestContext,
  secret: string,
): Promise<GuestJoined & { roomId: string }> {
  const guest = isSecretShaped(secret)
    ? await guestOfDeviceSecretHash(ctx.db, hashSecret(secret))
    : undefined;
  const room = guest && (await selectRoom(ctx.db, guest.id, ctx.publicUrl, guest.roomId));
  if (!guest || !room)
    throw notFound(
      'This personal link does not work any more. Open the room on your other device and make a new one.',
      'GUEST_DEVICE_LINK_INVALID',
    );
  return { user: { id: guest.id, username: guest.username }, room, roomId: guest.roomId };
}
