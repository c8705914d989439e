import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ReminderKind = 'day' | 'hours';

export type ReminderRoom = {
  name: string;
  venue: string;
  time: string;
  date: string;
  time_zone: string;
  is_closed: boolean;
  /** The date is to be decided (docs/api/README.md#date-and-venue-tbd): no reminder goes out. */
  date_tbd: boolean;
  /** The room still starts at the instant the job was planned for. */
  same_start: boolean;
  /** The room's calendar day "today" in its own time zone, by the database's clock. */
  local_today: string;
  seconds_left: number;
};

/**
 * The room as the reminder job needs it, locked against a concurrent edit until the job's transaction ends (an edit
 * waits, then re-plans the reminders of the new date). Every clock reading is the database's, as the queue's is.
 */
export async function lockReminderRoom(
  tx: Tx,
  roomId: string,
  startsAt: string,
): Promise<ReminderRoom | undefined> {
  const { rows } = await tx.execute<ReminderRoom>(sql`
    SELECT name, venue, time, date, time_zone, is_closed, date_tbd, starts_at = ${startsAt}::timestamptz AS same_start,
      to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS local_today,
      extract(epoch FROM starts_at - now())::float8 AS seconds_left
    FROM rooms WHERE id = ${roomId} FOR SHARE`);
  return rows[0];
}

/** Claims this reminder: true only for the first caller, whatever the queue retries or runs twice. */
export async function claimDelivery(
  tx: Tx,
  roomId: string,
  kind: ReminderKind,
  startsAt: string,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO reminder_deliveries (room_id, kind, starts_at) VALUES (${roomId}, ${kind}, ${startsAt}::timestamptz)
    ON CONFLICT DO NOTHING RETURNING room_id`);
  return rows.length === 1;
}

/** Members who said they are coming (going or maybe) and keep reminders on. */
export async function reminderRecipients(tx: Tx, roomId: string): Promise<number[]> {
  const { rows } = await tx.execute<{ user_id: number }>(sql`
    SELECT m.user_id FROM room_members m JOIN users u ON u.id = m.user_id
    WHERE m.room_id = ${roomId} AND m.rsvp IN ('going', 'maybe') AND u.event_reminders
    ORDER BY m.user_id`);
  return rows.map((r) => r.user_id);
}
