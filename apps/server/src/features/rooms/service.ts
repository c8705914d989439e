import { randomUUID } from 'node:crypto';
import { outstandingSentence, recordActivity } from '../bills/ledger.js';
import { sql } from 'drizzle-orm';
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
import {
  attendees,
  isMember,
  lockRoom,
  selectInvites,
  selectRoom,
  selectRoomAndMembership,
  type Tx,
} from './queries.js';

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
  const list = sql.join(
    wanted.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: number; friend: boolean }>(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${inviterId} AND f.friend_id = u.id) AS friend
    FROM users u WHERE u.id IN (${list}) AND u.is_email_valid`);
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

async function insertInvites(tx: Tx, roomId: string, inviterId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO invites (room_id, user_id, inviter_id)
    SELECT ${roomId}, u, ${inviterId} FROM unnest(${sql.raw(`ARRAY[${userIds.map(Number).join(',')}]::int[]`)}) AS u`);
}

export async function createRoom(
  ctx: RoomsContext,
  me: Me,
  body: CreateRoomBody,
): Promise<{ room: Room; invites: Invite[] }> {
  const r = body.room;
  checkDate(r.date);
  checkPlace(r.venuePlaceId, 'room.venuePlaceId');
  const currency = checkCurrency(r.currency ?? ctx.defaultCurrency, 'room.currency');
  const timeZone = r.timeZone ?? ctx.defaultTimeZone ?? 'UTC';
  const id = randomUUID();
  const pending = await ctx.db.transaction(async (tx) => {
    await checkTimeZone(tx, timeZone, 'room.timeZone');
    if (r.pictureId) await checkPicture(tx, me.id, r.pictureId, 'room.pictureId');
    const invitees = await checkInvitees(tx, me.id, body.invitees);
    await tx.execute(sql`
      INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, image_url, description, host_id,
                         is_private, currency, capacity, time_zone, picture_id)
      VALUES (${id}, ${r.name}, ${r.date}, ${r.time}, ${r.venue}, ${r.venuePlaceId}, ${venueUrl(r.venue, r.venuePlaceId)},
              ${r.imageUrl}, ${r.description}, ${me.id}, ${r.isPrivate}, ${currency}, ${r.capacity ?? null},
              ${timeZone}, ${r.pictureId ?? null})`);
    await tx.execute(sql`INSERT INTO room_members (room_id, user_id) VALUES (${id}, ${me.id})`);
    await insertInvites(tx, id, me.id, invitees);
    return storeNotifications(
      tx,
      invitees.map((u) => inviteNotice(me, { id, name: r.name }, u)),
    );
  });
  deliver(ctx.events, pending);
  const room = (await selectRoom(ctx.db, me.id, ctx.publicUrl, id))!;
  const invites = await selectInvites(
    ctx.db,
    me.id,
    ctx.publicUrl,
    sql`i.room_id = ${id} AND i.status = 'pending'`,
  );
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
  await tx.execute(
    sql`INSERT INTO room_members (room_id, user_id, rsvp) VALUES (${roomId}, ${userId}, ${rsvp})`,
  );
  await tx.execute(sql`
    UPDATE invites SET status = 'accepted', responded_at = now()
    WHERE room_id = ${roomId} AND user_id = ${userId} AND status = 'pending'`);
  await tx.execute(sql`UPDATE rooms SET updated_at = now() WHERE id = ${roomId}`);
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
      return joinLocked(tx, roomId, me.id, goingOrWaitlisted(room));
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
    const { rows } = await tx.execute<{ id: number }>(
      sql`SELECT id FROM invites WHERE room_id = ${roomId} AND user_id = ${me.id} AND status = 'pending' FOR UPDATE`,
    );
    if (!room || rows.length === 0)
      throw notFound('Room not found, please try again later.', 'ROOM_NOT_FOUND');
    if (room.is_closed) throw notFound('Room not found, please try again later.', 'ROOM_NOT_FOUND');
    if (accept) {
      if (await isMember(tx, roomId, me.id)) {
        await tx.execute(
          sql`UPDATE invites SET status = 'accepted', responded_at = now() WHERE id = ${rows[0]!.id}`,
        );
      } else {
        checkNotStarted(room);
        return joinLocked(tx, roomId, me.id, goingOrWaitlisted(room));
      }
    } else {
      await tx.execute(
        sql`UPDATE invites SET status = 'declined', responded_at = now() WHERE id = ${rows[0]!.id}`,
      );
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
async function refuseRecentlyDeclined(tx: Tx, roomId: string, list: ReturnType<typeof sql.join>) {
  const { rows } = await tx.execute<{ username: string; wait_s: number }>(sql`
    SELECT u.username,
      extract(epoch FROM max(i.responded_at) + make_interval(hours => ${REINVITE_AFTER_DECLINE_HOURS}) - now())::float8 AS wait_s
    FROM invites i JOIN users u ON u.id = i.user_id
    WHERE i.room_id = ${roomId} AND i.user_id IN (${list}) AND i.status = 'declined'
      AND i.responded_at > now() - make_interval(hours => ${REINVITE_AFTER_DECLINE_HOURS})
    GROUP BY u.id, u.username ORDER BY lower(u.username)`);
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
      const list = sql.join(
        invited.map((id) => sql`${id}::int`),
        sql`, `,
      );
      const { rows } = await tx.execute(sql`
        SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id IN (${list})
        UNION ALL SELECT 1 FROM invites WHERE room_id = ${roomId} AND user_id IN (${list}) AND status = 'pending'`);
      if (rows.length > 0)
        throw conflict('Some of them are already in the room or invited.', 'ALREADY_MEMBER_OR_INVITED');
      await refuseRecentlyDeclined(tx, roomId, list);
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
  const list = sql.join(
    invited.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return selectInvites(
    ctx.db,
    me.id,
    ctx.publicUrl,
    sql`i.room_id = ${roomId} AND i.status = 'pending' AND i.user_id IN (${list})`,
  );
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
    await tx.execute(sql`UPDATE rooms SET is_closed = true, updated_at = now() WHERE id = ${roomId}`);
    await tx.execute(sql`DELETE FROM invites WHERE room_id = ${roomId} AND status = 'pending'`);
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
    await tx.execute(sql`DELETE FROM room_members WHERE room_id = ${roomId} AND user_id = ${me.id}`);
    await recordActivity(tx, { roomId, actorId: me.id, kind: 'member_left' });
    await tx.execute(sql`UPDATE rooms SET updated_at = now() WHERE id = ${roomId}`);
    // A going member's place goes to the first on the waitlist.
    return storeNotifications(tx, await promoteWaitlisted(tx, roomId));
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
}
