import { sql } from 'drizzle-orm';
import { row } from '../../db/rows.js';
import type { Runner } from '../rooms/queries.js';

// A guest's personal link (docs/api/README.md#guests, migration 0023): `guest_device_links` keeps each guest's salt
// and the secret's SHA-256.

/** The guest's salt, if its personal link is on. */
export async function selectDeviceLinkSalt(db: Runner, guestId: number): Promise<string | undefined> {
  const found = await row<{ salt: string }>(
    db,
    sql`SELECT salt FROM guest_device_links WHERE user_id = ${guestId}`,
  );
  return found?.salt;
}

/** A new salt and secret hash for the guest, replacing an earlier one. */
export async function upsertDeviceLink(
  db: Runner,
  guestId: number,
  salt: string,
  secretHash: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO guest_device_links (user_id, salt, secret_hash) VALUES (${guestId}, ${salt}, ${secretHash})
    ON CONFLICT (user_id) DO UPDATE SET salt = EXCLUDED.salt, secret_hash = EXCLUDED.secret_hash, created_at = now()`);
}

export async function deleteDeviceLink(db: Runner, guestId: number): Promise<void> {
  await db.execute(sql`DELETE FROM guest_device_links WHERE user_id = ${guestId}`);
}

export type DeviceLinkGuest = { id: number; username: string; roomId: string };

/**
 * The guest whose current personal link has this secret hash, if it is still a guest (not claimed, not deleted) and
 * still a member of its one room (the host has not removed it).
 */
export function guestOfDeviceSecretHash(
  db: Runner,
  secretHash: string,
): Promise<DeviceLinkGuest | undefined> {
  return row<DeviceLinkGuest>(
    db,
    sql`SELECT u.id, u.username, u.guest_room_id AS "roomId"
      FROM guest_device_links l
      JOIN users u ON u.id = l.user_id AND u.guest_room_id IS NOT NULL AND u.deleted_at IS NULL
      JOIN room_members m ON m.user_id = u.id AND m.room_id = u.guest_room_id
      WHERE l.secret_hash = ${secretHash}`,
  );
}
