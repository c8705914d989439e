import { sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The SQL of deleting an account (docs/accounts.md). Every table that refers to a user is either erased here or
 * kept on purpose (`KEPT_USER_REFERENCES`); `erase.test.ts` fails when a migration adds a reference to users that is
 * neither, so that a new kind of personal data cannot outlive its owner unnoticed.
 */

/** Where the user's personal data is: erased whole. */
export const ERASED_USER_REFERENCES = [
  'calendar_feeds.user_id',
  'date_votes.user_id',
  'friend_requests.receiver_id',
  'friend_requests.sender_id',
  'friendships.friend_id',
  'friendships.user_id',
  // A guest's personal link (docs/guests.md); an account never has one, a claim deletes the guest's.
  'guest_device_links.user_id',
  'invite_links.user_id',
  'invites.user_id',
  // Others' notifications about what they did (a request, a payment) would keep their name in their text.
  'notifications.actor_id',
  'notifications.user_id',
  'oauth_identities.user_id',
  'otp_codes.user_id',
  'payment_methods.user_id',
  'picture_uploads.user_id',
  'pictures.uploader_id',
  'push_subscriptions.user_id',
  'reminders.payee_id',
  'reminders.payer_id',
  'reset_tokens.user_id',
  'revoked_tokens.user_id',
  'users.invited_by',
] as const;

/** What others' money history and conversations point at: kept, the user showing as "Deleted user". */
export const KEPT_USER_REFERENCES = [
  'bill_paid_by.user_id',
  'bill_payers.user_id',
  'bill_shares.user_id',
  'bills.created_by',
  'bills.deleted_by',
  'bills.owner_id',
  'consolidations.created_by',
  'invites.inviter_id',
  'messages.sender_id',
  // Left where the room's money does not name them; kept, declined, where it does (`roomsOf`).
  'room_members.user_id',
  // Handed to another member; kept only on a room left with nobody else in it (closed).
  'rooms.host_id',
  // The room's history keeps who did what, as "Deleted user".
  'room_activity.actor_id',
  'transaction_events.actor_id',
  'transactions.payee_id',
  'transactions.payer_id',
] as const;

/**
 * The users row itself: nothing personal left, never able to sign in again, every token refused. Locked FOR NO KEY
 * UPDATE (what the UPDATE takes anyway), not FOR UPDATE: a bill being written under its room's lock checks its
 * foreign key to this row (KEY SHARE) and must not wait for this transaction, which waits for that room next.
 */
export async function anonymiseUser(tx: Tx, userId: number, revokedAt: Date): Promise<string | undefined> {
  const { rows } = await tx.execute<{ email: string }>(sql`
    WITH old AS (SELECT email FROM users WHERE id = ${userId} FOR NO KEY UPDATE)
    UPDATE users SET username = 'Deleted user', display_name = '', email = '', password_hash = NULL, picture_url = '',
      is_email_valid = false, is_online = false, last_seen = NULL, event_reminders = false, invited_by = NULL,
      tokens_valid_after = ${revokedAt}, deleted_at = now()
    FROM old WHERE id = ${userId} AND deleted_at IS NULL
    RETURNING old.email`);
  return rows[0]?.email;
}

/** Everything personal but the rooms (see `roomsOf`), in one statement per table. */
export async function erasePersonalData(tx: Tx, userId: number, email: string): Promise<void> {
  const id = sql`${userId}`;
  for (const statement of [
    sql`DELETE FROM friendships WHERE user_id = ${id} OR friend_id = ${id}`,
    sql`DELETE FROM friend_requests WHERE sender_id = ${id} OR receiver_id = ${id}`,
    sql`DELETE FROM notifications WHERE user_id = ${id} OR actor_id = ${id}`,
    sql`DELETE FROM push_subscriptions WHERE user_id = ${id}`,
    sql`DELETE FROM guest_device_links WHERE user_id = ${id}`,
    sql`DELETE FROM payment_methods WHERE user_id = ${id}`,
    sql`DELETE FROM calendar_feeds WHERE user_id = ${id}`,
    sql`DELETE FROM invite_links WHERE user_id = ${id}`,
    sql`DELETE FROM oauth_identities WHERE user_id = ${id}`,
    sql`DELETE FROM otp_codes WHERE user_id = ${id} OR email = ${email}`,
    sql`DELETE FROM otp_sends WHERE email = ${email}`,
    sql`DELETE FROM reset_tokens WHERE user_id = ${id}`,
    sql`DELETE FROM revoked_tokens WHERE user_id = ${id}`,
    sql`DELETE FROM reminders WHERE payer_id = ${id} OR payee_id = ${id}`,
    sql`DELETE FROM date_votes WHERE user_id = ${id}`,
    // Invites they received; the pending ones they sent stay valid (the room is still there to join).
    sql`DELETE FROM invites WHERE user_id = ${id}`,
    // Their uploads go with them, but for the covers of rooms (others' rooms too): those stay, no longer theirs.
    sql`DELETE FROM pictures p WHERE p.uploader_id = ${id}
      AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.picture_id = p.id)`,
    sql`UPDATE pictures SET uploader_id = NULL WHERE uploader_id = ${id}`,
    sql`DELETE FROM picture_uploads WHERE user_id = ${id}`,
    // Someone who signed up through their link and has not verified yet gets no request from a deleted account.
    sql`UPDATE users SET invited_by = NULL WHERE invited_by = ${id}`,
  ])
    await tx.execute(statement);
}

export type RoomOfUser = {
  id: string;
  name: string;
  is_closed: boolean;
  is_host: boolean;
  is_member: boolean;
  /** they paid, entered or share a bill of the room, or pay or are paid one of its transfers */
  has_money: boolean;
};

/**
 * The rooms the user hosts, is in or is invited to, locked in id order before anything of theirs is erased (as every
 * money change locks its room: nothing slips in while they are handed over or left; and the invite counters a
 * trigger keeps on rooms are then written under locks already held, so two deletions cannot deadlock).
 */
export async function roomsOf(tx: Tx, userId: number): Promise<RoomOfUser[]> {
  const { rows } = await tx.execute<RoomOfUser>(sql`
    SELECT r.id, r.name, r.is_closed, r.host_id = ${userId} AS is_host,
      EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId}) AS is_member,
      (EXISTS (SELECT 1 FROM bills b WHERE b.room_id = r.id AND (b.owner_id = ${userId} OR b.created_by = ${userId}))
        OR EXISTS (SELECT 1 FROM bill_shares s JOIN bills b ON b.id = s.bill_id
                   WHERE s.user_id = ${userId} AND b.room_id = r.id)
        OR EXISTS (SELECT 1 FROM bill_paid_by p JOIN bills b ON b.id = p.bill_id
                   WHERE p.user_id = ${userId} AND b.room_id = r.id)
        OR EXISTS (SELECT 1 FROM transactions t
                   WHERE t.room_id = r.id AND (t.payer_id = ${userId} OR t.payee_id = ${userId}))) AS has_money
    FROM rooms r
    WHERE r.id IN (SELECT room_id FROM room_members WHERE user_id = ${userId})
       OR r.id IN (SELECT room_id FROM invites WHERE user_id = ${userId})
       OR r.host_id = ${userId}
    ORDER BY r.id
    FOR UPDATE OF r`);
  return rows;
}

/**
 * Who hosts next: a live account among the members (a guest cannot host: docs/decisions/026-guests.md), going before
 * maybe before waitlisted before declined, then who joined first.
 */
export async function successorOf(tx: Tx, roomId: string, userId: number): Promise<number | undefined> {
  const { rows } = await tx.execute<{ user_id: number }>(sql`
    SELECT m.user_id FROM room_members m JOIN users u ON u.id = m.user_id
    WHERE m.room_id = ${roomId} AND m.user_id <> ${userId} AND u.deleted_at IS NULL AND u.guest_room_id IS NULL
    ORDER BY array_position(ARRAY['going', 'maybe', 'waitlisted', 'declined'], m.rsvp), m.joined_at, m.user_id
    LIMIT 1`);
  return rows[0]?.user_id;
}

export async function setHost(tx: Tx, roomId: string, hostId: number): Promise<void> {
  await tx.execute(sql`UPDATE rooms SET host_id = ${hostId}, updated_at = now() WHERE id = ${roomId}`);
}

/** As closing a room does (docs/api/README.md#rooms): closed, pending invites gone. */
export async function closeRoom(tx: Tx, roomId: string): Promise<void> {
  await tx.execute(sql`UPDATE rooms SET is_closed = true, updated_at = now() WHERE id = ${roomId}`);
  await tx.execute(sql`DELETE FROM invites WHERE room_id = ${roomId} AND status = 'pending'`);
}

/** Stays listed where the room's money names them, as "Deleted user" who is not coming (their place is free). */
export async function declineStaying(tx: Tx, roomId: string, userId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE room_members SET rsvp = 'declined', rsvp_at = now()
    WHERE room_id = ${roomId} AND user_id = ${userId} AND rsvp <> 'declined'`);
  await tx.execute(sql`UPDATE rooms SET updated_at = now() WHERE id = ${roomId}`);
}

export async function leave(tx: Tx, roomId: string, userId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM room_members WHERE room_id = ${roomId} AND user_id = ${userId}`);
  await tx.execute(sql`UPDATE rooms SET updated_at = now() WHERE id = ${roomId}`);
}
