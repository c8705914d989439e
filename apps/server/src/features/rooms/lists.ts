import type { Attendee, Guest, Invite, Room, User } from '@outing/contract';
import { wantsPage } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { guests } from './guests.js';
import { attendees, countOpenRooms, newestFirst, roomsOf, selectRooms, selectRoomsPage } from './queries.js';
import { countPendingInvites, pendingInvitesOf, selectInvites, uninvitedFriends } from './queries-invites.js';
import { guestListAccess } from './queries-rsvp.js';
import { requireMember, type Me, type RoomsContext } from './service.js';

/** The caller's lists and counts of rooms and invites, and a room's people as its members see them. */

type RoomsQuery = { page?: number; pageSize?: number; limit?: number; cursor?: string };

/**
 * The caller's open rooms, or with `past` the closed rooms they were a member of, most recently updated (or closed)
 * first: a keyset page with `limit` or `cursor` (docs/pagination.md), else all of them (or the `page` of
 * `pageSize`), without a `nextCursor`.
 */
export async function listRooms(
  ctx: RoomsContext,
  me: Me,
  query: RoomsQuery,
  past = false,
): Promise<{ rooms: Room[]; nextCursor?: string | null }> {
  const where = roomsOf(me.id, past);
  if (wantsPage(query))
    return selectRoomsPage(ctx.db, me.id, ctx.publicUrl, where, query, past ? 'past outings' : 'your rooms');
  return { rooms: await selectRooms(ctx.db, me.id, ctx.publicUrl, where, newestFirst(query)) };
}

export async function roomCount(ctx: RoomsContext, me: Me): Promise<{ count: number }> {
  return { count: await countOpenRooms(ctx.db, me.id) };
}

/** The caller's pending invites to open rooms, newest first, each with its room. */
export function pendingInvites(ctx: RoomsContext, me: Me): Promise<Invite[]> {
  return selectInvites(ctx.db, me.id, ctx.publicUrl, pendingInvitesOf(me.id));
}

export async function pendingInviteCount(ctx: RoomsContext, me: Me): Promise<{ count: number }> {
  return { count: await countPendingInvites(ctx.db, me.id) };
}

/** The room's members with their answer, host first (members only). */
export async function roomAttendees(ctx: RoomsContext, me: Me, roomId: string): Promise<Attendee[]> {
  await requireMember(ctx, me, roomId);
  return attendees(ctx.db, roomId, me.id);
}

/** The caller's friends who are neither members of the room nor invited to it (members only). */
export async function uninvited(ctx: RoomsContext, me: Me, roomId: string): Promise<User[]> {
  await requireMember(ctx, me, roomId);
  return uninvitedFriends(ctx.db, roomId, me.id);
}

/**
 * Everyone asked, as `guests` orders them: to members, and to a pending invitee before they answer (the same list).
 * 404 for no room, 403 for anyone else (an invitee who declined included).
 */
export async function roomGuests(ctx: RoomsContext, me: Me, roomId: string): Promise<Guest[]> {
  const access = await guestListAccess(ctx.db, roomId, me.id);
  if (!access.room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (!access.allowed)
    throw forbidden('Only members and invitees can see who is asked.', 'NOT_MEMBER', 'NOT_MEMBER');
  return guests(ctx.db, roomId, me.id);
}
