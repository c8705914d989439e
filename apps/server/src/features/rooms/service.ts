import { randomUUID } from 'node:crypto';
import { outstandingSentence, recordActivity } from '../bills/ledger.js';
import type { Attendee, CreateRoomBody, Invite, Room, RsvpStatus } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import {
  deliver,
  readResolved,
  storeNotifications,
  type NewNotification,
  type Pending,
} from '../notifications/service.js';
import { venueUrl } from '../venues/providers.js';
import { checkNotStarted, goingOrWaitlisted, promoteWaitlisted } from './capacity.js';
import { checkCurrency, checkDate, checkPicture, checkPlace, checkTimeZone, waitText } from './checks.js';
import { attendees, isMember, lockRoom, selectRoom, selectRoomAndMembership, type Tx } from './queries.js';
import { selectInvites } from './queries-invites.js';
import { notifyHostOfAnswer } from './rsvp-notice.js';
import { placeholderDate, TBD_PLACE_ID, TBD_TIME, TBD_VENUE } from './tbd.js';
import {
  acceptInvite,
  anyInOrInvited,
  closeRoomRow,
  declineInvite,
  deleteMember,
  insertInvites,
  insertMember,
  insertRoom,
  lockPendingInvite,
  pendingInvitesOfUsers,
  pendingInvitesTo,
  recentlyDeclined,
  selectInvitees,
  touchRoom,
} from './queries-membership.js';

// Deleting an account frees the places of the rooms it leaves (features/account).
export { promoteWaitlisted } from './capacity.js';

export type RoomsContext = {
  db: Db;
  events: AppEvents;
  publicUrl: string;
  defaultCurrency: string;
  /** of a new room whose host names none (config DEFAULT_TIME_ZONE; UTC when not given) */
  defaultTimeZone?: string;
};
export type Me = { id: number; username: string };

/** Invitees must exist (404) and be the inviter's friends (400); the inviter is ignored. */
async function checkInvitees(tx: Tx, inviterId: number, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== inviterId);
  if (wanted.length === 0) return [];
  const rows = await selectInvitees(tx, inviterId, wanted);
  if (rows.length !== wanted.length)
    throw notFound('User not found, please try again later.', 'USER_NOT_FOUND');
  if (rows.some((r) => !r.friend))
    throw badRequest('You can only invite your friends.', 'INVITEE_NOT_FRIEND');
  return wanted;
}

const inviteNotice = (inviter: Me, room: { id: string; name: string }, userId: number): NewNotification => ({
  userId,
  kind: 'room_invite',
  title: 'Room invite',
  content: `${inviter.username} invited you to ${room.name}.`,
  // The room's page: for an invitee, its preview, which answers the invite.
  url: `/room/${room.id}`,
  roomId: room.id,
  actorId: inviter.id,
  params: { username: inviter.username, roomName: room.name },
});

export async function createRoom(
  ctx: RoomsContext,
  me: Me,
  body: CreateRoomBody,
): Promise<{ room: Room; invites: Invite[] }> {
  const r = body.room;
  const dateTbd = r.dateTbd === true;
  const venueTbd = r.venueTbd === true;
  // A flag's fields are ignored (placeholders are stored); without it the schema required them.
  if (!dateTbd) checkDate(r.date!);
  if (!venueTbd) checkPlace(r.venuePlaceId!, 'room.venuePlaceId');
  const currency = checkCurrency(r.currency ?? ctx.defaultCurrency, 'room.currency');
  const timeZone = r.timeZone ?? ctx.defaultTimeZone ?? 'UTC';
  const id = randomUUID();
  const pending = await ctx.db.transaction(async (tx) => {
    await checkTimeZone(tx, timeZone, 'room.timeZone');
    if (r.pictureId) await checkPicture(tx, me.id, r.pictureId, 'room.pictureId');
    const invitees = await checkInvitees(tx, me.id, body.invitees);
    const venue = venueTbd ? TBD_VENUE : r.venue!;
    const venuePlaceId = venueTbd ? TBD_PLACE_ID : r.venuePlaceId!;
    await insertRoom(tx, {
      id,
      name: r.name,
      date: dateTbd ? placeholderDate(timeZone) : r.date!,
      time: dateTbd ? TBD_TIME : r.time!,
      venue,
      venuePlaceId,
      venueUrl: venueUrl(venue, venuePlaceId),
      imageUrl: r.imageUrl,
      description: r.description,
      hostId: me.id,
      isPrivate: r.isPrivate,
      currency,
      capacity: r.capacity ?? null,
      timeZone,
      pictureId: r.pictureId ?? null,
      dateTbd,
      venueTbd,
    });
    await insertInvites(tx, id, me.id, invitees);
    return storeNotifications(
      tx,
      invitees.map((u) => inviteNotice(me, { id, name: r.name }, u)),
    );
  });
  deliver(ctx.events, pending);
  const room = (await selectRoom(ctx.db, me.id, ctx.publicUrl, id))!;
  const invites = await selectInvites(ctx.db, me.id, ctx.publicUrl, pendingInvitesTo(id));
  return { room, invites };
}

export async function getRoom(ctx: RoomsContext, me: Me, roomId: string): Promise<Room> {
  const room = await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId);
  if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  return room;
}

export async function requireMember(ctx: RoomsContext, me: Me, roomId: string): Promise<Room> {
  const { room, isMember } = await selectRoomAndMembership(ctx.db, me.id, ctx.publicUrl, roomId);
  if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!isMember) throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  return room;
}

/**
 * Adds the caller to the room under the room lock with their answer (going, or waitlisted when the room is full;
 * see capacity.ts); a pending invite of theirs counts as accepted, and the notifications that announced it are read
 * (returned for `deliver`).
 */
export async function joinLocked(
  tx: Tx,
  roomId: string,
  userId: number,
  rsvp: RsvpStatus,
): Promise<Pending[]> {
  await insertMember(tx, roomId, userId, rsvp);
  await recordActivity(tx, { roomId, actorId: userId, kind: 'member_joined' });
  return readResolved(tx, { inviteOf: { roomId, userId } });
}

export async function roomWithAttendees(
  ctx: RoomsContext,
  me: Me,
  roomId: string,
): Promise<{ room: Room; attendees: Attendee[] }> {
  return {
    room: (await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId))!,
    attendees: await attendees(ctx.db, roomId, me.id),
  };
}

export async function joinRoom(ctx: RoomsContext, me: Me, roomId: string) {
  let pending: Pending[];
  try {
    pending = await ctx.db.transaction(async (tx) => {
      const room = await lockRoom(tx, roomId);
      if (!room || room.is_closed)
        throw notFound('Room not found, please try again later.', 'ROOM_NOT_FOUND');
      if (await isMember(tx, roomId, me.id)) throw conflict('User already in room!', 'ALREADY_MEMBER');
      checkNotStarted(room);
      const rsvp = goingOrWaitlisted(room);
      return [
        ...(await joinLocked(tx, roomId, me.id, rsvp)),
        ...(await notifyHostOfAnswer(tx, room, me, rsvp)),
      ];
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('User already in room!', 'ALREADY_MEMBER');
    throw err;
  }
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return roomWithAttendees(ctx, me, roomId);
}

export async function answerInvite(ctx: RoomsContext, me: Me, roomId: string, accept: boolean) {
  const pending = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    const invite = await lockPendingInvite(tx, roomId, me.id);
    if (!room || !invite) throw notFound('Room not found, please try again later.', 'ROOM_NOT_FOUND');
    if (room.is_closed) throw notFound('Room not found, please try again later.', 'ROOM_NOT_FOUND');
    if (accept) {
      if (await isMember(tx, roomId, me.id)) {
        await acceptInvite(tx, invite.id);
      } else {
        checkNotStarted(room);
        const rsvp = goingOrWaitlisted(room);
        return [
          ...(await joinLocked(tx, roomId, me.id, rsvp)),
          ...(await notifyHostOfAnswer(tx, room, me, rsvp)),
        ];
      }
    } else {
      await declineInvite(tx, invite.id);
      return [
        ...(await readResolved(tx, { inviteOf: { roomId, userId: me.id } })),
        ...(await notifyHostOfAnswer(tx, room, me, 'declined')),
      ];
    }
    return readResolved(tx, { inviteOf: { roomId, userId: me.id } });
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return accept ? roomWithAttendees(ctx, me, roomId) : null;
}

/** How long an invitee who declined is not invited to the same room again (issue 32; docs/notifications.md). */
export const REINVITE_AFTER_DECLINE_HOURS = 24;

/**
 * 409 naming them and saying when, if any of `list` declined an invite to this room in the last
 * REINVITE_AFTER_DECLINE_HOURS: declining and being invited again at once would notify them every time.
 */
async function refuseRecentlyDeclined(tx: Tx, roomId: string, userIds: readonly number[]) {
  const rows = await recentlyDeclined(tx, roomId, userIds, REINVITE_AFTER_DECLINE_HOURS);
  if (rows.length === 0) return;
  const wait = Math.max(...rows.map((r) => r.wait_s));
  const who = rows.map((r) => r.username).join(', ');
  throw conflict(
    `${who} declined an invite to this outing less than a day ago. You can invite them again ${waitText(wait)}.`,
    'DECLINED_RECENTLY',
  );
}

export async function invite(
  ctx: RoomsContext,
  me: Me,
  roomId: string,
  userIds: number[],
): Promise<Invite[]> {
  const room = await getRoom(ctx, me, roomId);
  if (!(await isMember(ctx.db, roomId, me.id)))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  if (room.isPrivate && room.hostId !== me.id)
    throw new AppError(401, 'NOT_HOST', 'Only hosts can invite other users', undefined, {
      reason: 'NOT_HOST',
    });
  let invited: number[] = [];
  let pending;
  try {
    pending = await ctx.db.transaction(async (tx) => {
      const locked = await lockRoom(tx, roomId);
      if (!locked || locked.is_closed) throw conflict('This room is closed.', 'ROOM_CLOSED');
      invited = await checkInvitees(tx, me.id, userIds);
      if (invited.length === 0) throw badRequest('Invitees are required', 'NO_INVITEES');
      if (await anyInOrInvited(tx, roomId, invited))
        throw conflict('Some of them are already in the room or invited.', 'ALREADY_MEMBER_OR_INVITED');
      await refuseRecentlyDeclined(tx, roomId, invited);
      await insertInvites(tx, roomId, me.id, invited);
      return storeNotifications(
        tx,
        invited.map((u) => inviteNotice(me, room, u)),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Some of them are already in the room or invited.', 'ALREADY_MEMBER_OR_INVITED');
    throw err;
  }
  deliver(ctx.events, pending);
  return selectInvites(ctx.db, me.id, ctx.publicUrl, pendingInvitesOfUsers(roomId, invited));
}

/**
 * 404 → 403 (not the host); closing twice is fine. Pending invites go away. Debts may be outstanding: bills can no
 * longer change, but payments, confirmations and reminders go on (docs/money.md).
 */
export async function closeRoom(ctx: RoomsContext, me: Me, roomId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found!', 'ROOM_NOT_FOUND');
    if (room.host_id !== me.id) throw forbidden('You are not the host of this room!', 'NOT_HOST', 'NOT_HOST');
    if (room.is_closed) return;
    await closeRoomRow(tx, roomId);
  });
  ctx.events.emitRoomUpdated(roomId);
}

/** 404 → 403 (not a member) → 409 (the host) → 409 (what they owe or are owed here, named: their net is not 0). */
export async function leaveRoom(ctx: RoomsContext, me: Me, roomId: string): Promise<void> {
  const pending = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found!', 'ROOM_NOT_FOUND');
    if (!(await isMember(tx, roomId, me.id)))
      throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
    if (room.host_id === me.id) throw conflict('Host cannot leave room', 'HOST_CANNOT_LEAVE');
    const outstanding = await outstandingSentence(tx, roomId, me.id, room.currency);
    if (outstanding) throw conflict(outstanding, 'NET_NOT_ZERO');
    return leaveLocked(tx, roomId, me.id);
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
}

/**
 * A member leaves the locked room (after the caller's checks): the membership and its answer go, `member_left` in the
 * activity, and a going member's place goes to the first on the waitlist. Answers the notifications to deliver once
 * the transaction commits. Leaving and the host removing a guest (features/guest-access/remove.ts) both take it.
 */
export async function leaveLocked(tx: Tx, roomId: string, userId: number) {
  await deleteMember(tx, roomId, userId);
  await recordActivity(tx, { roomId, actorId: userId, kind: 'member_left' });
  await touchRoom(tx, roomId);
  return storeNotifications(tx, await promoteWaitlisted(tx, roomId));
}
