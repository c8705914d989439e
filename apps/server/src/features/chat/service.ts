import type { Message } from '@outing/contract';
import { conflict } from '../../lib/errors.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { requireMember, type RoomsContext } from '../rooms/service.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { guestMark } from '../users/guest-mark.js';
import type { MessageNumbering } from './numbering.js';
import {
  insertMessage,
  messageByClientId,
  selectMessagePage,
  type MessagePageRow,
  type MessageRow,
} from './queries.js';

export { sendChatPushes } from './reads.js';

type Row = Omit<MessageRow, 'client_id'> & { client_id?: string | null };

const toMessage = (r: Row, roomId: string): Message => ({
  id: r.id,
  roomId,
  senderId: r.sender_id,
  sender: {
    id: r.sender_id,
    username: r.username,
    displayName: r.display_name,
    pictureUrl: r.picture_url,
    ...guestMark(r.is_guest),
  },
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
      senderDisplayName: message.sender.displayName ?? '',
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
  const rows = await selectMessagePage(ctx.db, roomId, me.id, q);
  let n = rows[0]?.total;
  if (n === undefined) {
    // No row: not a member (404/403); a member of a room that went away in between has no messages.
    await requireMember(ctx, me, roomId);
    n = 0;
  }
  const page = rows.filter((r): r is MessagePageRow & { id: number } => r.id !== null);
  return {
    messages: page.map((r) => toMessage(r, roomId)),
    page: q.page,
    pageCount: Math.ceil(n / q.pageSize),
  };
}
