import { sql } from 'drizzle-orm';
import type { Message } from '@outing/contract';
import { executePrepared } from '../../db/prepared.js';
import { conflict } from '../../lib/errors.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { requireMember, type RoomsContext } from '../rooms/service.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { MessageNumbering } from './numbering.js';
import { insertMessage, messageByClientId, type MessageRow } from './queries.js';

export { sendChatPushes } from './reads.js';

type Row = Omit<MessageRow, 'client_id'> & { client_id?: string | null };

const toMessage = (r: Row, roomId: string): Message => ({
  id: r.id,
  roomId,
  senderId: r.sender_id,
  sender: { id: r.sender_id, username: r.username, pictureUrl: r.picture_url },
  content: r.content,
  sentAt: isoTimestamp(r.sent_at),
  // Only a message sent with one answers it: every other answer stays as it was before client ids.
  ...(r.client_id ? { clientId: r.client_id } : {}),
});

export type ChatContext = RoomsContext & {
  hub: RealtimeHub;
  /** Chat pushes: planned only when the server can push at all (VAPID keys), this long after a room's first message. */
  chatPush: { enabled: boolean; delayMs: number };
  numbering: MessageNumbering;
};

/**
 * Stores a message of a member and sends it to every member, the sender included. With a `clientId` it is sent
 * exactly once: a retry (or twenty at once) with the same id from the same sender in the same room answers the
 * first message again and sends no frame (issue #21).
 */
export async function sendMessage(
  ctx: ChatContext,
  me: { id: number; username: string },
  roomId: string,
  content: string,
  clientId?: string,
) {
  const row = await insertMessage(
    ctx.db,
    { roomId, senderId: me.id, content, clientId: clientId ?? null },
    ctx.chatPush,
  );
  if (!row) {
    if (clientId) {
      const first = await messageByClientId(ctx.db, roomId, me.id, clientId);
      if (first) return toMessage(first, roomId);
    }
    // Nothing stored: the room's own checks say why (404, 403 or 409).
    const room = await requireMember(ctx, me, roomId);
    if (room.isClosed) throw conflict('This room is closed.', 'ROOM_CLOSED');
    // Joined or reopened in between: the caller may simply send again.
    throw conflict('The room changed while sending. Please try again.', 'ROOM_CHANGED');
  }
  ctx.numbering.sent(roomId);
  const message = toMessage(row, roomId);
  await ctx.hub.toUsers(row.member_ids ? row.member_ids.split(',').map(Number) : [], {
    type: 'CREATE_MESSAGE',
    data: {
      id: message.id,
      roomId,
      senderId: me.id,
      senderName: message.sender.username,
      content: message.content,
      sentAt: message.sentAt,
      ...(row.client_id ? { clientId: row.client_id } : {}),
    },
  });
  return message;
}

export async function listMessages(
  ctx: RoomsContext,
  me: { id: number; username: string },
  roomId: string,
  q: { page: number; asc: boolean; pageSize: number; before?: number },
) {
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
  const { rows } = await executePrepared<Omit<Row, 'id'> & { id: number | null; total: number }>(
    ctx.db,
    sql`
    WITH n AS (
      SELECT r.message_count AS numbered, ${total} AS total FROM rooms r
      WHERE r.id = ${roomId}
        AND EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = r.id AND rm.user_id = ${me.id}))
    SELECT p.*, n.total FROM n LEFT JOIN LATERAL (
      SELECT m.id, m.sender_id, m.content, m.sent_at, u.username, u.picture_url FROM (
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
  let n = rows[0]?.total;
  if (n === undefined) {
    // No row: not a member (404/403); a member of a room that went away in between has no messages.
    await requireMember(ctx, me, roomId);
    n = 0;
  }
  const page = rows.filter((r): r is Row & { total: number } => r.id !== null);
  return {
    messages: page.map((r) => toMessage(r, roomId)),
    page: q.page,
    pageCount: Math.ceil(n / q.pageSize),
  };
}
