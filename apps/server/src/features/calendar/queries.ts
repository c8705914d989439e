import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { CalendarRoom } from './ics.js';

type CalendarRow = {
  id: string;
  name: string;
  venue: string;
  description: string;
  starts_ms: number;
  created_ms: number;
  updated_ms: number;
  schedule_seq: number;
  is_closed: boolean;
  date_tbd: boolean;
  venue_tbd: boolean;
};

// Instants as epoch milliseconds (float8 arrives as a number), so that no text form of a timestamptz is parsed.
const calendarColumns = sql`r.id, r.name, r.venue, r.description, r.schedule_seq, r.is_closed, r.date_tbd, r.venue_tbd,
  (extract(epoch FROM r.starts_at) * 1000)::float8 AS starts_ms,
  (extract(epoch FROM r.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch FROM r.updated_at) * 1000)::float8 AS updated_ms`;

const toCalendarRoom = (r: CalendarRow): CalendarRoom => ({
  id: r.id,
  name: r.name,
  venue: r.venue,
  description: r.description,
  startsAt: new Date(r.starts_ms),
  createdAt: new Date(r.created_ms),
  updatedAt: new Date(r.updated_ms),
  scheduleSeq: r.schedule_seq,
  isClosed: r.is_closed,
  dateTbd: r.date_tbd,
  venueTbd: r.venue_tbd,
});

/** The room as its calendar entry, and whether `userId` is a member; undefined if there is no such room. */
export async function selectCalendarRoom(db: Db, roomId: string, userId: number) {
  const { rows } = await db.execute<CalendarRow & { is_member: boolean }>(sql`
    SELECT ${calendarColumns},
      EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId}) AS is_member
    FROM rooms r WHERE r.id = ${roomId}`);
  const row = rows[0];
  return row && { room: toCalendarRoom(row), isMember: row.is_member };
}

/** How long a closed room stays in a feed, as a cancelled entry, so that calendar apps take it out. */
export const CANCELLED_KEPT_DAYS = 30;

/**
 * The rooms of a user's feed, soonest first: every room they are a member of that is open, or that was closed in
 * the last 30 days. Closing is the room's last write, so `updated_at` is when it closed. A member who answered
 * "can't" (declined) is not expecting to go: the room is left out, which removes it from a subscribed calendar.
 */
export async function selectFeedRooms(db: Db, userId: number): Promise<CalendarRoom[]> {
  const { rows } = await db.execute<CalendarRow>(sql`
    SELECT ${calendarColumns}
    FROM room_members m JOIN rooms r ON r.id = m.room_id
    WHERE m.user_id = ${userId} AND m.rsvp <> 'declined'
      AND (r.is_closed = false OR r.updated_at > now() - make_interval(days => ${CANCELLED_KEPT_DAYS}))
    ORDER BY r.starts_at, r.id`);
  return rows.map(toCalendarRoom);
}

/** Stores the hash of a new secret; the user's earlier one (if any) stops working in the same statement. */
export async function upsertFeed(db: Db, userId: number, secretHash: string) {
  await db.execute(sql`
    INSERT INTO calendar_feeds (user_id, secret_hash) VALUES (${userId}, ${secretHash})
    ON CONFLICT (user_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, created_at = now()`);
}

export async function selectFeed(db: Db, userId: number) {
  const { rows } = await db.execute<{ created_at: string }>(
    sql`SELECT created_at FROM calendar_feeds WHERE user_id = ${userId}`,
  );
  return rows[0] && { createdAt: isoTimestamp(rows[0].created_at) };
}

export type Runner = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export async function deleteFeed(db: Runner, userId: number) {
  await db.execute(sql`DELETE FROM calendar_feeds WHERE user_id = ${userId}`);
}

/** The owner of the feed whose secret hashes to `secretHash`: one index lookup on the hash, never on the secret. */
export async function feedOwner(db: Db, secretHash: string): Promise<number | undefined> {
  const { rows } = await db.execute<{ user_id: number }>(
    sql`SELECT user_id FROM calendar_feeds WHERE secret_hash = ${secretHash}`,
  );
  return rows[0]?.user_id;
}
