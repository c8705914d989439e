import { sql } from 'drizzle-orm';
import type { Message } from '@outing/contract';
import { executePrepared } from '../../db/prepared.js';
import { conflict } from '../../lib/errors.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { requireMember, type RoomsContext } from '../rooms/service.js';
import { isoTimestamp } from '../../db/timestamps.js';

type Row = {
  id: number;
  sender_id: number;
  content: string;
  sent_at: string;
  username: string;
  picture_url: string;
};

const toMessage = (r: Row, roomId: string): Message => ({
  id: r.id,
  roomId,
  senderId: r.sender_id,
  sender: { id: r.sender_id, username: r.username, pictureUrl: r.picture_url },
  content: r.content,
  sentAt: isoTimestamp(r.sent_at),
});

/** Stores a message of a member and sends it to every member, the sender included. */
export async function sendMessage(
  ctx: RoomsContext & { hub: RealtimeHub },
  me: { id: number; username: string },
  roomId: string,
  content: string,
) {
  // One round trip: the message is stored only where the sender is a member of the open room, and the members to
  // send it to come back with it (as '1,2,3': pg's generic array parser took three times as long as a split).
  // Nothing stored: the room's own checks say why (404, 403 or 409).
  const { rows } = await executePrepared<Row & { member_ids: string }>(
    ctx.db,
    sql`
    WITH m AS (
      INSERT INTO messages (room_id, sender_id, content)
      SELECT r.id, ${me.id}, ${content} FROM rooms r
      WHERE r.id = ${roomId} AND NOT r.is_closed
        AND EXISTS (SELECT 1 FROM room_members rm WHERE rm.room_id = r.id AND rm.user_id = ${me.id})
      RETURNING id, room_id, sender_id, content, sent_at)
    SELECT m.id, m.sender_id, m.content, m.sent_at, u.username, u.picture_url,
      array_to_string(ARRAY(SELECT rm.user_id FROM room_members rm WHERE rm.room_id = m.room_id), ',') AS member_ids
    FROM m JOIN users u ON u.id = m.sender_id`,
  );
  if (rows.length === 0) {
    const room = await requireMember(ctx, me, roomId);
    if (room.isClosed) throw conflict('This room is closed.');
    // Joined or reopened in between: the caller may simply send again.
    throw conflict('The room changed while sending. Please try again.');
  }
  const row = rows[0]!;
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
