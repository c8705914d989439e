import { sql, type SQL } from 'drizzle-orm';
import { decodeCursor, keysetPage, pageLimit, usOf, usTimestamp } from '../../lib/cursor.js';
import type { Attendee, Room } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { executePrepared } from '../../db/prepared.js';
import { row } from '../../db/rows.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { guestMark } from '../users/guest-mark.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

type RoomRow = {
  id: string;
  currency: string;
  name: string;
  date: string;
  time: string;
  venue: string;
  venue_place_id: string;
  venue_url: string;
  image_url: string;
  description: string;
  host_id: number;
  is_private: boolean;
  is_closed: boolean;
  created_at: string;
  updated_at: string;
  attendees_count: number;
  host_username: string;
  host_display_name: string;
  host_email: string;
  host_picture_url: string;
  host_visible: boolean;
  time_zone: string;
  starts_at: string;
  capacity: number | null;
  going_count: number;
  maybe_count: number;
  waitlist_count: number;
  invited_count: number;
  picture_id: string | null;
  my_rsvp: Room['myRsvp'];
  date_tbd: boolean;
  venue_tbd: boolean;
};

/**
 * Rooms with their host and exact member count, as `viewerId` may see them (host email for self or a friend). The
 * count is `rooms.member_count`, which a trigger keeps equal to the room's rows in room_members in the same
 * transaction as every change of them (migration 0002); counting them here was about half of PostgreSQL's time for
 * a list of 24 rooms.
 */
const roomSelect = (viewerId: number, extra: SQL = sql``) => sql`
  SELECT r.*, h.username AS host_username, h.display_name AS host_display_name, h.email AS host_email, h.picture_url AS host_picture_url,
    r.member_count AS attendees_count,
    COALESCE(
      (SELECT m.rsvp FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${viewerId}),
      (SELECT 'invited' FROM invites i WHERE i.room_id = r.id AND i.user_id = ${viewerId} AND i.status = 'pending' LIMIT 1)
    ) AS my_rsvp,
    (h.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = h.id))
      AS host_visible${extra}
  FROM rooms r JOIN users h ON h.id = r.host_id`;

export function toRoom(r: RoomRow, publicUrl: string): Room {
  return {
    id: r.id,
    name: r.name,
    time: r.time,
    venue: r.venue,
    venuePlaceId: r.venue_place_id,
    // A venue to be decided has no map to open (docs/api/README.md#date-and-venue-tbd).
    venueUrl: r.venue_tbd ? '' : r.venue_url,
    imageUrl: r.image_url,
    date: `${r.date}T00:00:00.000Z`,
    description: r.description,
    attendeesCount: r.attendees_count,
    hostId: r.host_id,
    host: {
      id: r.host_id,
      username: r.host_username,
      displayName: r.host_display_name,
      email: r.host_visible ? r.host_email : '',
      pictureUrl: r.host_picture_url,
    },
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
    isClosed: r.is_closed,
    isPrivate: r.is_private,
    url: `${publicUrl}/room/${r.id}`,
    currency: r.currency,
    timeZone: r.time_zone,
    startsAt: isoTimestamp(r.starts_at),
    capacity: r.capacity,
    goingCount: r.going_count,
    maybeCount: r.maybe_count,
    waitlistCount: r.waitlist_count,
    invitedCount: r.invited_count,
    myRsvp: r.my_rsvp,
    pictureUrl: r.picture_id ? pictureUrl(r.picture_id) : null,
    dateTbd: r.date_tbd,
    venueTbd: r.venue_tbd,
  };
}

/** Where an uploaded cover picture is served (the 960 px rendition; `?w=160|480` for the smaller ones). */
export const pictureUrl = (pictureId: string) => `/v1/pictures/${pictureId}.webp`;

export async function selectRooms(
  db: Runner,
  viewerId: number,
  publicUrl: string,
  where: SQL,
  tail: SQL = sql``,
) {
  const { rows } = await executePrepared<RoomRow>(db, sql`${roomSelect(viewerId)} WHERE ${where} ${tail}`);
  return rows.map((r) => toRoom(r, publicUrl));
}

/**
 * A keyset page of rooms, most recently updated first (ties by id), with its `nextCursor` (docs/pagination.md):
 * the cursor is the last room's (updated_at in microseconds, id).
 */
export async function selectRoomsPage(
  db: Runner,
  viewerId: number,
  publicUrl: string,
  where: SQL,
  q: { limit?: number; cursor?: string },
  list: string,
) {
  const after = q.cursor ? decodeCursor(q.cursor, ['us', 'uuid'], list) : undefined;
  const limit = pageLimit(q);
  const keyset = after
    ? sql`AND (r.updated_at < ${usTimestamp(after[0])} OR (r.updated_at = ${usTimestamp(after[0])} AND r.id > ${after[1]}::uuid))`
    : sql``;
  const { rows } = await executePrepared<RoomRow & { updated_us: string }>(
    db,
    // The page's ids first, then their rows: the host, RSVP and visibility lookups run for the page only.
    sql`${roomSelect(viewerId, sql`, ${usOf(sql`r.updated_at`)} AS updated_us`)}
    WHERE r.id IN (SELECT r.id FROM rooms r WHERE ${where} ${keyset}
                   ORDER BY r.updated_at DESC, r.id LIMIT ${limit + 1})
    ORDER BY r.updated_at DESC, r.id`,
  );
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.updated_us, r.id]);
  return { rooms: page.map((r) => toRoom(r, publicUrl)), nextCursor };
}

/** The rooms a member's list shows: their open rooms (not closed), or their past outings (closed). */
export const roomsOf = (userId: number, past: boolean) =>
  past
    ? sql`r.is_closed AND EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId})`
    : sql`r.is_closed = false AND EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId})`;

/** Most recently updated (or closed) first, a page of them when `pageSize` is given. */
export const newestFirst = ({ page, pageSize }: { page?: number; pageSize?: number }) =>
  pageSize
    ? sql`ORDER BY r.updated_at DESC, r.id LIMIT ${pageSize} OFFSET ${((page ?? 1) - 1) * pageSize}`
    : sql`ORDER BY r.updated_at DESC, r.id`;

/** How many open rooms `userId` is in. */
export async function countOpenRooms(db: Runner, userId: number): Promise<number> {
  const found = await row<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM rooms r WHERE ${roomsOf(userId, false)}`,
  );
  return found!.n;
}

export async function selectRoom(db: Runner, viewerId: number, publicUrl: string, roomId: string) {
  const [room] = await selectRooms(db, viewerId, publicUrl, sql`r.id = ${roomId}`);
  return room;
}

/** A room and whether `viewerId` is a member of it, in one round trip (every chat call asks both). */
export async function selectRoomAndMembership(
  db: Runner,
  viewerId: number,
  publicUrl: string,
  roomId: string,
) {
  const member = sql`,
    EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${viewerId}) AS is_member`;
  const { rows } = await executePrepared<RoomRow & { is_member: boolean }>(
    db,
    sql`${roomSelect(viewerId, member)} WHERE r.id = ${roomId}`,
  );
  const row = rows[0];
  return { room: row && toRoom(row, publicUrl), isMember: row?.is_member ?? false };
}

export type LockedRoom = {
  id: string;
  host_id: number;
  is_closed: boolean;
  is_private: boolean;
  name: string;
  currency: string;
  capacity: number | null;
  going_count: number;
  /** its start lies in the past: nobody may join any more (a date to be decided has not started) */
  has_started: boolean;
};

/**
 * Locks the room row for the rest of the transaction: membership and money changes of a room are serialised. Under
 * READ COMMITTED a `FOR UPDATE` that waited returns the row as the previous holder committed it, so `going_count`
 * here is exact for the capacity check that follows.
 */
export async function lockRoom(tx: Tx, roomId: string): Promise<LockedRoom | undefined> {
  const { rows } = await tx.execute<LockedRoom>(sql`
    SELECT id, host_id, is_closed, is_private, name, currency, capacity, going_count,
      starts_at <= now() AND NOT date_tbd AS has_started
    FROM rooms WHERE id = ${roomId} FOR UPDATE`);
  return rows[0];
}

export async function isMember(db: Runner, roomId: string, userId: number): Promise<boolean> {
  const { rows } = await executePrepared(
    db,
    sql`SELECT 1 FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}`,
  );
  return rows.length > 0;
}

/** Members with their answer, host first, then by username; emails for the viewer and the viewer's friends only. */
export async function attendees(db: Runner, roomId: string, viewerId: number): Promise<Attendee[]> {
  const { rows } = await executePrepared<{
    id: number;
    username: string;
    display_name: string;
    email: string;
    picture_url: string;
    is_guest: boolean;
    visible: boolean;
    rsvp: Attendee['rsvp'];
  }>(
    db,
    sql`
    SELECT u.id, u.username, u.display_name, u.email, u.picture_url, (u.guest_room_id IS NOT NULL) AS is_guest, m.rsvp,
      (u.id = ${viewerId} OR EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${viewerId} AND f.friend_id = u.id)) AS visible
    FROM room_members m JOIN users u ON u.id = m.user_id JOIN rooms r ON r.id = m.room_id
    WHERE m.room_id = ${roomId}
    ORDER BY (u.id = r.host_id) DESC, lower(u.username)`,
  );
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    email: u.visible ? u.email : '',
    pictureUrl: u.picture_url,
    ...guestMark(u.is_guest),
    rsvp: u.rsvp,
  }));
}
