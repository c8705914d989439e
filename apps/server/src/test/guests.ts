import { sql } from 'drizzle-orm';
import { row } from '../db/rows.js';
import { insertMember } from '../features/rooms/queries-membership.js';
import { createTokenService } from '../lib/tokens.js';
import type { TestApp } from './app.js';
import { TEST_JWT_SECRET } from './app.js';

export type TestGuest = { id: number; username: string; token: string };

/**
 * A guest of `roomId` straight in the database (docs/decisions/026-guests.md): a users row with `guest_room_id`, no
 * email nor password, made a member going as an account joining is (the rooms' `insertMember`: the member count,
 * the room touched), with a valid token signed as the app signs one.
 */
export async function createGuest(t: TestApp, roomId: string, name: string): Promise<TestGuest> {
  const created = await t.database.db.transaction(async (tx) => {
    const guest = await row<{ id: number; username: string; email: string; pictureUrl: string }>(
      tx,
      sql`INSERT INTO users (username, email, password_hash, is_email_valid, guest_room_id, registered_at)
        VALUES (${name}, '', NULL, false, ${roomId}, now())
        RETURNING id, username, email, picture_url AS "pictureUrl"`,
    );
    await insertMember(tx, roomId, guest!.id, 'going');
    return guest!;
  });
  const token = await createTokenService(TEST_JWT_SECRET).sign({ ...created, guestRoomId: roomId });
  return { id: created.id, username: created.username, token };
}
