import { sql } from 'drizzle-orm';
import type { Message } from '@outing/contract';
import { conflict } from '../../lib/errors.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { requireMember, type RoomsContext } from '../rooms/service.js';

type Row = {
  id: number;
  room_id: string;
  sender_id: number;
  content: string;
  sent_at: Date;
  username: string;
  picture_url: string;
};

const toMessage = (r: Row): Message => ({
  id: r.id,
  roomId: r.room_id,
  senderId: r.sender_id,
  sender: { id: r.sender_id, username: r.username, pictureUrl: r.picture_url },
  content: r.content,
  sentAt: new Date(r.sent_at).toISOString(),
});

/** Stores a message of a member and sends it to every member, the sender included. */
export async function sendMessage(
  ctx: RoomsContext & { hub: RealtimeHub },
  me: { id: number; username: string },
  roomId: string,
  content: string,
) {
  const room = await requireMember(ctx, me, roomId);
  if (room.isClosed) throw conflict('This room is closed.');
  const { rows } = await ctx.db.execute<Row>(sql`
    WITH m AS (INSERT INTO messages (room_id, sender_id, content) VALUES (${roomId}, ${me.id}, ${content}) RETURNING *)
    SELECT m.*, u.username, u.picture_url FROM m JOIN users u ON u.id = m.sender_id`);
  const message = toMessage(rows[0]!);
  const members = await ctx.db.execute<{ user_id: number }>(
    sql`SELECT user_id FROM room_members WHERE room_id = ${roomId}`,
  );
  await ctx.hub.toUsers(
    members.rows.map((m) => m.user_id),
    {
      type: 'CREATE_MESSAGE',
      data: {
        id: message.id,
        roomId,
        senderId: me.id,
        senderName: message.sender.username,
        content: message.content,
        sentAt: message.sentAt,
      },
    },
  );
  return message;
}

export async function listMessages(
  ctx: RoomsContext,
  me: { id: number; username: string },
  roomId: string,
  q: { page: number; asc: boolean; pageSize: number; before?: number },
) {
  await requireMember(ctx, me, roomId);
  const where = q.before ? sql`m.room_id = ${roomId} AND m.id < ${q.before}` : sql`m.room_id = ${roomId}`;
  const order = q.asc ? sql`m.id ASC` : sql`m.id DESC`;
  const [{ rows }, total] = await Promise.all([
    ctx.db.execute<Row>(sql`
      SELECT m.*, u.username, u.picture_url FROM messages m JOIN users u ON u.id = m.sender_id
      WHERE ${where} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages m WHERE ${where}`),
  ]);
  return { messages: rows.map(toMessage), page: q.page, pageCount: Math.ceil(total.rows[0]!.n / q.pageSize) };
}
