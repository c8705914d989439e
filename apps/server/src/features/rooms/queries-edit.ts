import { sql, type SQL } from 'drizzle-orm';
import type { EditRoomBody } from '@outing/contract';
import { row, rows } from '../../db/rows.js';
import type { Runner, Tx } from './queries.js';

// Editing a room and the checks of its fields that need the database (decision 023). The edit's statements run in
// its transaction under `lockRoom` (queries.ts), in its order.

/** Whether PostgreSQL knows the time zone by exactly this name. */
export async function knowsTimeZone(db: Runner, name: string): Promise<boolean> {
  return (await row(db, sql`SELECT 1 FROM pg_timezone_names WHERE name = ${name}`)) !== undefined;
}

/** Whether the picture is one `userId` uploaded. */
export async function uploadedPicture(db: Runner, userId: number, pictureId: string): Promise<boolean> {
  return (
    (await row(db, sql`SELECT 1 FROM pictures WHERE id = ${pictureId} AND uploader_id = ${userId}`)) !==
    undefined
  );
}

/** Whether the room has a bill (its currency is then fixed). */
export async function hasBills(tx: Tx, roomId: string): Promise<boolean> {
  return (await row(tx, sql`SELECT 1 FROM bills WHERE room_id = ${roomId} LIMIT 1`)) !== undefined;
}

export type ScheduleRow = { starts_ms: number; venue: string; time_zone: string; name: string };

/** When (ms since the epoch), where and in which zone the room takes place, and its name. */
export async function selectSchedule(tx: Tx, roomId: string): Promise<ScheduleRow> {
  return (await row<ScheduleRow>(
    tx,
    sql`SELECT (extract(epoch FROM starts_at) * 1000)::float8 AS starts_ms, venue, time_zone, name FROM rooms WHERE id = ${roomId}`,
  ))!;
}

/** Every member but the editor and every pending invitee: they all planned around the old date and place. */
export async function guestsToTell(tx: Tx, roomId: string, editorId: number): Promise<number[]> {
  const found = await rows<{ user_id: number }>(
    tx,
    sql`
    SELECT user_id FROM room_members WHERE room_id = ${roomId} AND user_id <> ${editorId}
    UNION SELECT user_id FROM invites WHERE room_id = ${roomId} AND status = 'pending' AND user_id <> ${editorId}`,
  );
  return found.map((r) => r.user_id);
}

/** The fields an edit always sets, and those it sets only when given (undefined: left as they are). */
export type RoomEdit = Pick<
  EditRoomBody,
  'description' | 'name' | 'imageUrl' | 'isPrivate' | 'capacity' | 'timeZone' | 'pictureId'
> & {
  venue: string;
  date: string;
  time: string;
  venuePlaceId: string;
  venueUrl: string;
  currency: string;
  dateTbd: boolean;
  venueTbd: boolean;
};

/** Writes the edit into the room, if it is still open; `updated_at` is now. */
export async function updateRoom(tx: Tx, roomId: string, e: RoomEdit): Promise<void> {
  const optional: SQL[] = [];
  if (e.name !== undefined) optional.push(sql`name = ${e.name}`);
  if (e.imageUrl !== undefined) optional.push(sql`image_url = ${e.imageUrl}`);
  if (e.isPrivate !== undefined) optional.push(sql`is_private = ${e.isPrivate}`);
  if (e.capacity !== undefined) optional.push(sql`capacity = ${e.capacity}`);
  if (e.timeZone !== undefined) optional.push(sql`time_zone = ${e.timeZone}`);
  if (e.pictureId !== undefined) optional.push(sql`picture_id = ${e.pictureId}`);
  await tx.execute(sql`
      UPDATE rooms SET venue = ${e.venue}, venue_place_id = ${e.venuePlaceId}, venue_url = ${e.venueUrl},
        date = ${e.date}, time = ${e.time}, description = ${e.description},
        date_tbd = ${e.dateTbd}, venue_tbd = ${e.venueTbd},
        currency = ${e.currency}, ${sql.join([...optional, sql`updated_at = now()`], sql`, `)}
      WHERE id = ${roomId} AND is_closed = false`);
}
