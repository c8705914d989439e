import { sql } from 'drizzle-orm';
import type { Message } from '@outing/contract';
import { executePrepared } from '../../db/prepared.js';
import { conflict } from '../../lib/errors.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { requireMember, type RoomsContext } from '../rooms/service.js';
import { isoTimestamp } from '../../db/timestamps.js';
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
    if (room.isClosed) throw conflict('This room is closed.');
    // Joined or reopened in between: the caller may simply send again.
    throw conflict('The room changed while sending. Please try again.');
  }
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
  const where = q.before ? sql`m.room_id = ${roomId} AND m.id < ${q.before}` : sql`m.room_id = ${roomId}`;
  const order = q.asc ? sql`m.id ASC` : sql`m.id DESC`;
  // One round trip: the page of a member, with the total (neither subquery is correlated: each runs once).
  const count = sql`SELECT count(*)::int AS n FROM messages m WHERE ${where}`;
  const { rows } = await executePrepared<Row & { total: number }>(
    ctx.db,
    sql`
    SELECT m.id, m.sender_id, m.content, m.sent_at, u.username, u.picture_url, (${count}) AS total
    FROM messages m JOIN users u ON u.id = m.sender_id
    WHERE ${where} AND EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = ${roomId} AND rm.user_id = ${me.id})
    ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
  );
  let n = rows[0]?.total;
  if (n === undefined) {
    // No row: not a member (404/403), or a page past the end, which still says how many pages there are.
    await requireMember(ctx, me, roomId);
    n = (await executePrepared<{ n: number }>(ctx.db, count)).rows[0]!.n;
  }
  return {
    messages: rows.map((r) => toMessage(r, roomId)),
    page: q.page,
    pageCount: Math.ceil(n / q.pageSize),
  };
}
