import { GUEST_LIMITS, type GuestLink, type GuestPreview, type Room } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import { deliver } from '../notifications/service.js';
import { notifyHostOfAnswer } from '../rooms/rsvp-notice.js';
import { findPreview } from '../preview/service.js';
import { checkNotStarted, goingOrWaitlisted } from '../rooms/capacity.js';
import { lockRoom, selectRoom, type Tx } from '../rooms/queries.js';
import { joinLocked } from '../rooms/service.js';
import { guestUrl, hashSecret, isSecretShaped, newSalt, secretOf } from './links.js';
import {
  countGuests,
  deleteLink,
  insertGuest,
  linkIsCurrent,
  roomOfSecretHash,
  selectHostedRoom,
  selectLinkSalt,
  upsertLink,
  type HostedRoomRow,
} from './queries.js';

/**
 * Guests (docs/api/README.md#guests, docs/decisions/026-guests.md): the host's guest link, what it shows before
 * joining, and joining from it as a guest of that one room.
 */
export type GuestContext = { db: Db; events: AppEvents; secret: string; publicUrl: string };
type Me = { id: number };

const INVALID = 'This guest link does not work any more. Ask the host for a new one.';
const invalid = () => notFound(INVALID, 'GUEST_LINK_INVALID');
const closed = () => conflict('This room is closed.', 'ROOM_CLOSED');

/** 404 for no room, 403 for anyone but its host (docs/api/README.md#status-rules). */
function checkHost(room: HostedRoomRow | undefined, me: Me): HostedRoomRow {
  if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (room.host_id !== me.id)
    throw forbidden('Only the host can share the guest link.', 'NOT_HOST', 'NOT_HOST');
  return room;
}

const linkOf = (ctx: GuestContext, roomId: string, salt: string): GuestLink => ({
  url: guestUrl(ctx.publicUrl, secretOf(ctx.secret, roomId, salt)),
});

/** `GET /rooms/{id}/guest-link`: the link, or null when it is off. */
export async function getGuestLink(ctx: GuestContext, me: Me, roomId: string): Promise<GuestLink | null> {
  checkHost(await selectHostedRoom(ctx.db, roomId), me);
  const salt = await selectLinkSalt(ctx.db, roomId);
  return salt === undefined ? null : linkOf(ctx, roomId, salt);
}

/** Runs `fn` under the room's lock (as joining takes it), after the host check. */
function asHost<T>(
  ctx: GuestContext,
  me: Me,
  roomId: string,
  fn: (tx: Tx, room: HostedRoomRow) => Promise<T>,
) {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockRoom(tx, roomId);
    const room = checkHost(locked && { host_id: locked.host_id, is_closed: locked.is_closed }, me);
    return fn(tx, room);
  });
}

/** `POST /rooms/{id}/guest-link`: a new secret; the earlier link stops working at once. 409 on a closed room. */
export async function createGuestLink(ctx: GuestContext, me: Me, roomId: string): Promise<GuestLink> {
  return asHost(ctx, me, roomId, async (tx, room) => {
    if (room.is_closed) throw closed();
    const salt = newSalt();
    await upsertLink(tx, roomId, salt, hashSecret(secretOf(ctx.secret, roomId, salt)));
    return linkOf(ctx, roomId, salt);
  });
}

/** `DELETE /rooms/{id}/guest-link` (idempotent): the row goes, so every instance refuses the next join at once. */
export async function revokeGuestLink(ctx: GuestContext, me: Me, roomId: string): Promise<void> {
  await asHost(ctx, me, roomId, (tx) => deleteLink(tx, roomId));
}

/** The room of a live link's secret, or undefined (malformed, unknown, replaced or revoked). */
async function roomOfSecret(db: Db, secret: string): Promise<string | undefined> {
  if (!isSecretShaped(secret)) return undefined;
  return roomOfSecretHash(db, hashSecret(secret));
}

/** `GET /guest/{secret}`: the room's preview as `GET /rooms/{id}/preview` gives it; no member's name. */
export async function guestPreview(ctx: GuestContext, secret: string): Promise<GuestPreview> {
  const roomId = await roomOfSecret(ctx.db, secret);
  const preview = roomId && (await findPreview(ctx.db, ctx.publicUrl, roomId));
  if (!preview) throw invalid();
  return { ...preview, guestsAllowed: true };
}

export type GuestJoined = { user: { id: number; username: string }; room: Room };

/**
 * `POST /guest/{secret}/join`: in one transaction under the room's lock (as an account joins), the link read again
 * (404 if replaced or revoked meanwhile), 409 for a closed or started room or the 51st guest; the guest becomes a
 * member as an account joining does (going, or waitlisted when the room is full).
 */
export async function joinAsGuest(ctx: GuestContext, secret: string, name: string): Promise<GuestJoined> {
  const roomId = await roomOfSecret(ctx.db, secret);
  if (!roomId) throw invalid();
  const secretHash = hashSecret(secret);
  const username = name.trim();
  const { guestId, pending } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room || !(await linkIsCurrent(tx, roomId, secretHash))) throw invalid();
    if (room.is_closed) throw closed();
    checkNotStarted(room);
    if ((await countGuests(tx, roomId)) >= GUEST_LIMITS.perRoom)
      throw conflict(`This room already has ${GUEST_LIMITS.perRoom} guests.`, 'GUESTS_FULL');
    const guestId = await insertGuest(tx, roomId, username);
    const rsvp = goingOrWaitlisted(room);
    // The host hears of a guest's answer as of a member's (docs/notifications.md, `rsvp_changed`).
    const joined = await joinLocked(tx, roomId, guestId, rsvp);
    return {
      guestId,
      pending: [...joined, ...(await notifyHostOfAnswer(tx, room, { id: guestId, username }, rsvp))],
    };
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  const room = (await selectRoom(ctx.db, guestId, ctx.publicUrl, roomId))!;
  return { user: { id: guestId, username }, room };
}
