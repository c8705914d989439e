import { sql, type SQL } from 'drizzle-orm';
import { CHAT_UNREAD_CAP } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { intArray } from '../../db/arrays.js';
import { executePrepared } from '../../db/prepared.js';
import { row, rows } from '../../db/rows.js';

export type MessageRow = {
  id: number;
  sender_id: number;
  content: string;
  sent_at: string;
  username: string;
  /** "" until set (issue 37). */
  display_name: string;
  picture_url: string;
  /** The sender's `users.guest_room_id IS NOT NULL` (decision 026). */
  is_guest: boolean;
  client_id: string | null;
};

/** Messages of others after a read marker, counted up to the cap (an index-only range on messages_room_idx, 0016). */
export const unreadOf = (roomId: SQL, after: SQL, userId: SQL): SQL => sql`(SELECT count(*)::int FROM (
    SELECT 1 FROM messages m WHERE m.room_id = ${roomId} AND m.id > ${after} AND m.sender_id <> ${userId}
    LIMIT ${CHAT_UNREAD_CAP}) unread)`;

/**
 * Stores a member's message in one round trip: only where the sender is a member of the open room, and not when
 * the sender already sent one with this client id here (the unique index decides, also between concurrent
 * retries). The members to send it to come back with it (as '1,2,3': pg's generic array parser took three times
 * as long as a split). With `push`, the room's chat push is planned in the same statement (a job per room whose
 * first message fixes when it runs, `preserve_run_at`: later messages join it), when some other member could get
 * it at all: not muted, chat pushes on, a subscription.
 */
export async function insertMessage(
  db: Db,
  m: { roomId: string; senderId: number; content: string; clientId: string | null },
  push: { enabled: boolean; delayMs: number },
) {
  const { rows } = await executePrepared<MessageRow & { member_ids: string }>(
    db,
    sql`
    WITH m AS (
      INSERT INTO messages (room_id, sender_id, content, client_id)
      SELECT r.id, ${m.senderId}, ${m.content}, ${m.clientId}::text FROM rooms r
      WHERE r.id = ${m.roomId} AND NOT r.is_closed
        AND EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = r.id AND rm.user_id = ${m.senderId})
      ON CONFLICT (room_id, sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
      RETURNING id, room_id, sender_id, content, sent_at, client_id),
    planned AS (
      SELECT graphile_worker.add_job('chat-push', json_build_object('roomId', m.room_id),
        run_at => now() + ${push.delayMs}::int * interval '1 millisecond', job_key => 'chat-push:' || m.room_id,
        job_key_mode => 'preserve_run_at', max_attempts => 5)
      FROM m WHERE ${push.enabled}::boolean AND EXISTS (
        SELECT 1 FROM room_members rm JOIN users u ON u.id = rm.user_id
        WHERE rm.room_id = m.room_id AND rm.user_id <> m.sender_id AND NOT rm.chat_muted
          AND 'chat' <> ALL(u.push_off)
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = rm.user_id)))
    SELECT m.id, m.sender_id, m.content, m.sent_at, m.client_id, u.username, u.display_name, u.picture_url,
      (u.guest_room_id IS NOT NULL) AS is_guest,
      array_to_string(ARRAY(SELECT rm.user_id FROM room_members rm WHERE rm.room_id = m.room_id), ',') AS member_ids,
      (SELECT count(*) FROM planned) AS planned
    FROM m JOIN users u ON u.id = m.sender_id`,
  );
  return rows[0];
}

/** A row of a chat page: a message, or (a member of a room without messages in that range) one row of nulls. */
export type MessagePageRow = Omit<MessageRow, 'id' | 'client_id'> & { id: number | null; total: number };

/** A page of a room's messages for a member, with the room's total; no row for a non-member. */
export async function selectMessagePage(
  db: Db,
  roomId: string,
  userId: number,
  q: { page: number; asc: boolean; pageSize: number; before?: number },
): Promise<MessagePageRow[]> {
  // One round trip, no OFFSET and no count (migrations 0012 and 0014): the room keeps how many of its messages are
  // numbered (1, 2, 3, … in the order of their ids), and the few sent since come after them, also in the order of
  // their ids (every numbered id is smaller than every unnumbered one). So a message's place in the room is its number,
  // or the count plus its rank among the unnumbered, and a page is a range of places: read from
  // messages_room_seq_idx, and from messages_unnumbered_idx for what the range covers of the unnumbered. With
  // `before`, the messages older than that id are the first n places, n being the place of the newest of them.
  const total = q.before
    ? sql`coalesce((SELECT b.seq FROM messages b WHERE b.room_id = r.id AND b.id < ${q.before}
          AND b.seq IS NOT NULL ORDER BY b.id DESC LIMIT 1), 0)
        + (SELECT count(*)::int FROM messages b WHERE b.room_id = r.id AND b.seq IS NULL AND b.id < ${q.before})`
    : sql`r.message_count + (SELECT count(*)::int FROM messages b WHERE b.room_id = r.id AND b.seq IS NULL)`;
  const skip = (q.page - 1) * q.pageSize;
  // The places (lo, hi] of the page.
  const [lo, hi] = q.asc
    ? [sql`${skip}::int`, sql`least(n.total, ${skip + q.pageSize}::int)`]
    : [sql`n.total - ${skip + q.pageSize}::int`, sql`n.total - ${skip}::int`];
  const order = q.asc ? sql`place ASC` : sql`place DESC`;
  // A member of a room without messages in that range gets one row of nulls with the total.
  return rows<MessagePageRow>(
    db,
    sql`
    WITH n AS (
      SELECT r.message_count AS numbered, ${total} AS total FROM rooms r
      WHERE r.id = ${roomId}
        AND EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = r.id AND rm.user_id = ${userId}))
    SELECT p.*, n.total FROM n LEFT JOIN LATERAL (
      SELECT m.id, m.sender_id, m.content, m.sent_at, u.username, u.display_name, u.picture_url,
        (u.guest_room_id IS NOT NULL) AS is_guest FROM (
        SELECT m.id, m.sender_id, m.content, m.sent_at, m.seq AS place FROM messages m
        WHERE m.room_id = ${roomId} AND m.seq > ${lo} AND m.seq <= least(${hi}, n.numbered)
        UNION ALL
        SELECT * FROM (
          SELECT m.id, m.sender_id, m.content, m.sent_at, n.numbered + row_number() OVER (ORDER BY m.id) AS place
          FROM messages m WHERE m.room_id = ${roomId} AND m.seq IS NULL AND ${hi} > n.numbered
          ORDER BY m.id LIMIT greatest(${hi} - n.numbered, 0)) t
        WHERE t.place > ${lo}) m
      JOIN users u ON u.id = m.sender_id
      ORDER BY ${order}) p ON true`,
  );
}

/** The sender's earlier message with this client id in this room (a retried send). */
export async function messageByClientId(db: Db, roomId: string, senderId: number, clientId: string) {
  const { rows } = await db.execute<MessageRow>(sql`
    SELECT m.id, m.sender_id, m.content, m.sent_at, m.client_id, u.username, u.display_name, u.picture_url,
      (u.guest_room_id IS NOT NULL) AS is_guest
    FROM messages m JOIN users u ON u.id = m.sender_id
    WHERE m.room_id = ${roomId} AND m.sender_id = ${senderId} AND m.client_id = ${clientId}`);
  return rows[0];
}

export type ReadRow = { last_read_id: number; unread: number; changed: boolean };

/**
 * Moves a member's read marker forward to `upTo` (clamped to the room's newest message at or before it; the newest
 * of all without it), never back. Answers where it stands and whether it moved; nothing for a non-member.
 */
export async function advanceReadMarker(
  db: Db,
  roomId: string,
  userId: number,
  upTo: number | null,
): Promise<ReadRow | undefined> {
  const { rows } = await executePrepared<ReadRow>(
    db,
    sql`
    WITH target AS (
      SELECT coalesce((SELECT max(id) FROM messages WHERE room_id = ${roomId}
                       AND id <= coalesce(${upTo}::int, 2147483647)), 0) AS id),
    upd AS (
      UPDATE room_members rm SET last_read_message_id = target.id FROM target
      WHERE rm.room_id = ${roomId} AND rm.user_id = ${userId} AND rm.last_read_message_id < target.id
      RETURNING rm.last_read_message_id)
    SELECT x.last_read_id, x.changed, ${unreadOf(sql`${roomId}`, sql`x.last_read_id`, sql`${userId}::int`)} AS unread
    FROM (SELECT coalesce((SELECT last_read_message_id FROM upd), rm.last_read_message_id) AS last_read_id,
                 EXISTS (SELECT 1 FROM upd) AS changed
          FROM room_members rm WHERE rm.room_id = ${roomId} AND rm.user_id = ${userId}) x`,
  );
  return rows[0];
}

/** Moves each viewer's marker to the newest message it saw arrive (never back); answers those that moved. */
export async function advanceViewers(
  db: Db,
  roomId: string,
  seen: [userId: number, messageId: number][],
): Promise<{ user_id: number; last_read_id: number; unread: number }[]> {
  const { rows } = await db.execute<{ user_id: number; last_read_id: number; unread: number }>(sql`
    UPDATE room_members rm SET last_read_message_id = s.message_id
    FROM unnest(${intArray(seen.map((x) => x[0]))}, ${intArray(seen.map((x) => x[1]))}) AS s(user_id, message_id)
    WHERE rm.room_id = ${roomId} AND rm.user_id = s.user_id AND rm.last_read_message_id < s.message_id
    RETURNING rm.user_id, rm.last_read_message_id AS last_read_id,
      ${unreadOf(sql`${roomId}`, sql`s.message_id`, sql`rm.user_id`)} AS unread`);
  return rows;
}

/** Each open room of the user with its chat's unread count: one query over the user's memberships. */
export async function selectRoomsUnread(db: Db, userId: number) {
  const { rows } = await executePrepared<{
    room_id: string;
    last_read_id: number;
    muted: boolean;
    unread: number;
  }>(
    db,
    sql`
    SELECT rm.room_id, rm.last_read_message_id AS last_read_id, rm.chat_muted AS muted,
      ${unreadOf(sql`rm.room_id`, sql`rm.last_read_message_id`, sql`rm.user_id`)} AS unread
    FROM room_members rm JOIN rooms r ON r.id = rm.room_id
    WHERE rm.user_id = ${userId} AND NOT r.is_closed
    ORDER BY r.updated_at DESC, r.id`,
  );
  return rows;
}

export async function updateMute(db: Db, roomId: string, userId: number, muted: boolean) {
  const { rows } = await db.execute<{ muted: boolean }>(sql`
    UPDATE room_members SET chat_muted = ${muted} WHERE room_id = ${roomId} AND user_id = ${userId}
    RETURNING chat_muted AS muted`);
  return rows[0];
}

/**
 * The chat push of a room (the `chat-push` job): every member who has messages of others they have neither read
 * nor been pushed about, is not muted, keeps chat pushes on and has a subscription, is marked as pushed up to the
 * newest message, in one statement, so that a job run twice pushes nothing twice. Answers, for each, their unread
 * count and the newest unread message of someone else (for the text of a single message).
 */
export async function claimChatPushes(db: Db, roomId: string) {
  const { rows } = await db.execute<{
    user_id: number;
    unread: number;
    room_name: string;
    newest_id: number;
    newest_content: string;
    newest_sender: string;
  }>(sql`
    WITH latest AS (SELECT max(id) AS id FROM messages WHERE room_id = ${roomId}),
    claimed AS (
      UPDATE room_members rm SET chat_pushed_message_id = latest.id
      FROM latest, users u
      WHERE rm.room_id = ${roomId} AND u.id = rm.user_id AND NOT rm.chat_muted AND 'chat' <> ALL(u.push_off)
        AND latest.id > greatest(rm.last_read_message_id, rm.chat_pushed_message_id)
        AND EXISTS (SELECT 1 FROM messages m WHERE m.room_id = rm.room_id AND m.sender_id <> rm.user_id
                    AND m.id > greatest(rm.last_read_message_id, rm.chat_pushed_message_id))
        AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = rm.user_id)
      RETURNING rm.user_id, rm.last_read_message_id)
    SELECT c.user_id, ${unreadOf(sql`${roomId}`, sql`c.last_read_message_id`, sql`c.user_id`)} AS unread,
      r.name AS room_name, n.id AS newest_id, n.content AS newest_content, n.username AS newest_sender
    FROM claimed c JOIN rooms r ON r.id = ${roomId}
    CROSS JOIN LATERAL (
      SELECT m.id, m.content, su.username FROM messages m JOIN users su ON su.id = m.sender_id
      WHERE m.room_id = ${roomId} AND m.sender_id <> c.user_id AND m.id > c.last_read_message_id
      ORDER BY m.id DESC LIMIT 1) n`);
  return rows;
}

/** Numbers the room's messages sent since the last numbering (`number_messages`, migration 0014); how many. */
export async function numberRoomMessages(db: Db, roomId: string): Promise<number> {
  return (await row<{ n: number }>(db, sql`SELECT number_messages(${roomId}::uuid) AS n`))?.n ?? 0;
}
