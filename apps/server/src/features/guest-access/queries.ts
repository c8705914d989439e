import { sql } from 'drizzle-orm';
import { row } from '../../db/rows.js';
import type { Runner, Tx } from '../rooms/queries.js';

// The guest link's and the guests' statements (docs/api/README.md#guests, decision 023): `room_guest_links` keeps each
// room's salt and the secret's hash; a guest is a users row with `guest_room_id` (migration 0022).

export type HostedRoomRow = { host_id: number; is_closed: boolean };

/** Who hosts the room and whether it is closed, or undefined for an unknown room. */
export function selectHostedRoom(db: Runner, roomId: string): Promise<HostedRoomRow | undefined> {
  return row<HostedRoomRow>(db, sql`SELECT host_id, is_closed FROM rooms WHERE id = ${roomId}`);
}

/** The room's salt, if its link is on. */
export async function selectLinkSalt(db: Runner, roomId: string): Promise<string | undefined> {
  const found = await row<{ salt: string }>(
    db,
    sql`SELECT salt FROM room_guest_links WHERE room_id = ${roomId}`,
  );
  return found?.salt;
}

/** A new salt and secret hash for the room, replacing an earlier one. */
export async function upsertLink(tx: Tx, roomId: string, salt: string, secretHash: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO room_guest_links (room_id, salt, secret_hash) VALUES (${roomId}, ${salt}, ${secretHash})
    ON CONFLICT (room_id) DO UPDATE SET salt = EXCLUDED.salt, secret_hash = EXCLUDED.secret_hash, created_at = now()`);
}

export async function deleteLink(tx: Tx, roomId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM room_guest_links WHERE room_id = ${roomId}`);
}

/** The room whose current link has this secret hash, if any. */
export async function roomOfSecretHash(db: Runner, secretHash: string): Promise<string | undefined> {
  const found = await row<{ room_id: string }>(
    db,
    sql`SELECT room_id FROM room_guest_links WHERE secret_hash = ${secretHash}`,
  );
  return found?.room_id;
}

/** Whether the room's link still has this secret hash (read again under the room's lock). */
export async function linkIsCurrent(tx: Tx, roomId: string, secretHash: string): Promise<boolean> {
  const found = await row<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM room_guest_links WHERE room_id = ${roomId} AND secret_hash = ${secretHash}`,
  );
  return found !== undefined;
}

/** How many guests the room has: its own guests (`guest_room_id`) still among its members. */
export async function countGuests(tx: Tx, roomId: string): Promise<number> {
  // Guests still in the room: a removed guest's row stays (bills name it) but takes no place.
  const found = await row<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM room_members m JOIN users u ON u.id = m.user_id
      WHERE m.room_id = ${roomId} AND u.guest_room_id = ${roomId}`,
  );
  return found!.n;
}

/** A guest of the room: the typed name, no email, no password, no picture (migration 0022's users_guest_check). */
export async function insertGuest(tx: Tx, roomId: string, name: string): Promise<number> {
  const created = await row<{ id: number }>(
    tx,
    sql`INSERT INTO users (username, email, guest_room_id) VALUES (${name}, '', ${roomId}) RETURNING id`,
  );
  return created!.id;
}

/** The name of a guest of the room who is still one of its members (read under the room's lock), if any. */
export async function selectMemberGuest(tx: Tx, roomId: string, userId: number): Promise<string | undefined> {
  const found = await row<{ username: string }>(
    tx,
    sql`SELECT u.username FROM users u JOIN room_members m ON m.user_id = u.id AND m.room_id = ${roomId}
      WHERE u.id = ${userId} AND u.guest_room_id = ${roomId}`,
  );
  return found?.username;
}
