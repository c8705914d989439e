import { CHAT_UNREAD_CAP, type ChatRead, type PushPayload, type RoomUnread } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { conflict } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import { requireMember, type RoomsContext } from '../rooms/service.js';
import {
  advanceReadMarker,
  advanceViewers,
  claimChatPushes,
  selectRoomsUnread,
  updateMute,
} from './queries.js';

/**
 * Reading a room's chat (issue #21). Each member has a read marker, the newest message they have read; unread is
 * what others wrote after it. It moves forward by `PUT /rooms/{id}/messages/read`, and by itself while a socket of
 * theirs views the chat (`VIEWING`): on arrival up to the newest message, then with every message delivered to it.
 * Every move is told to all of the user's devices (`CHAT_READ`), so that Home's counts agree everywhere.
 */
export type ReadsContext = RoomsContext & { hub: RealtimeHub };
type Me = { id: number; username: string };

const tell = (hub: RealtimeHub, userId: number, read: ChatRead) =>
  hub.toUsers([userId], { type: 'CHAT_READ', data: read });

/** `PUT /rooms/{id}/messages/read`: members only (404, 403); never moves the marker back. */
export async function markChatRead(
  ctx: ReadsContext,
  me: Me,
  roomId: string,
  messageId?: number,
): Promise<ChatRead> {
  const row = await advanceReadMarker(ctx.db, roomId, me.id, messageId ?? null);
  if (!row) {
    await requireMember(ctx, me, roomId); // 404 or 403
    throw conflict('The room changed meanwhile. Please try again.', 'ROOM_CHANGED'); // joined just now
  }
  const read = { roomId, lastReadId: row.last_read_id, unread: row.unread };
  if (row.changed) await tell(ctx.hub, me.id, read);
  return read;
}

/** `GET /rooms/unread`: every open room of the caller, newest activity first. */
export async function roomsUnread(db: Db, userId: number): Promise<RoomUnread[]> {
  return (await selectRoomsUnread(db, userId)).map((r) => ({
    roomId: r.room_id,
    lastReadId: r.last_read_id,
    unread: r.unread,
    muted: r.muted,
  }));
}

/** `PATCH /rooms/{id}/mute`: members only; a muted room's messages are never pushed to the caller. */
export async function setMuted(ctx: ReadsContext, me: Me, roomId: string, muted: boolean) {
  const row = await updateMute(ctx.db, roomId, me.id, muted);
  if (!row) await requireMember(ctx, me, roomId);
  return { roomId, muted: row?.muted ?? muted };
}

/**
 * The socket side: a socket that starts viewing a room's chat reads it up to now; a message delivered to a socket
 * that views its chat is read on arrival. Moves of one room run one after another, the latest waiting ones merged
 * into one update, so a busy chat costs one statement at a time.
 */
export function followViewers(db: Db, hub: RealtimeHub, log: { warn(o: object, m: string): void }) {
  const running = new Map<string, Promise<void>>();
  /** Per room: each viewer's newest message seen, waiting for the update under way to finish. */
  const waiting = new Map<string, Map<number, number>>();
  const fail = (err: unknown) => log.warn({ err }, 'chat read marker not moved');

  const advance = (roomId: string): Promise<void> => {
    const seen = waiting.get(roomId)!;
    waiting.delete(roomId);
    return advanceViewers(db, roomId, [...seen])
      .then((moved) =>
        Promise.all(
          moved.map((m) => tell(hub, m.user_id, { roomId, lastReadId: m.last_read_id, unread: m.unread })),
        ),
      )
      .then(
        () => undefined,
        (err: unknown) => fail(err),
      )
      .finally(() => {
        if (waiting.has(roomId)) running.set(roomId, advance(roomId));
        else running.delete(roomId);
      });
  };

  hub.onSeen((roomId, messageId, userIds) => {
    const seen = waiting.get(roomId) ?? new Map<number, number>();
    for (const u of userIds) seen.set(u, Math.max(seen.get(u) ?? 0, messageId));
    waiting.set(roomId, seen);
    if (!running.has(roomId)) running.set(roomId, advance(roomId));
  });

  hub.onViewing((userId, roomId) => {
    advanceReadMarker(db, roomId, userId, null)
      .then((row) =>
        row?.changed
          ? tell(hub, userId, { roomId, lastReadId: row.last_read_id, unread: row.unread })
          : undefined,
      )
      .catch(fail);
  });

  /** Resolves when every move started so far has finished (tests, shutdown). */
  return async function idle() {
    while (running.size > 0) await Promise.all([...running.values()]);
  };
}

/** "Ann: see you there" for one message; "3 new messages in Board games" for more. */
export function chatPushPayload(
  roomId: string,
  p: { unread: number; roomName: string; newestSender: string; newestContent: string },
): PushPayload {
  const text = p.newestContent.length > 140 ? `${p.newestContent.slice(0, 139)}…` : p.newestContent;
  const count = p.unread >= CHAT_UNREAD_CAP ? `${CHAT_UNREAD_CAP}+` : String(p.unread);
  return {
    title: p.roomName,
    message: p.unread === 1 ? `${p.newestSender}: ${text}` : `${count} new messages in ${p.roomName}`,
    url: `/room/${roomId}/chat`,
    // One push per room on a device: a newer one replaces the one before.
    tag: `chat:${roomId}`,
  };
}

/**
 * The `chat-push` job (planned by a message, a few seconds after the first of a burst): one push per member and
 * room saying how many messages wait, to members who have not read them, are not viewing the chat (their marker
 * moved with it), did not mute the room and keep chat pushes on. Claimed in the database first, so that a job run
 * twice pushes nothing twice; a crash between the claim and the push loses that push, never doubles it.
 */
export async function sendChatPushes(db: Db, events: AppEvents, roomId: string): Promise<number> {
  const claimed = await claimChatPushes(db, roomId);
  for (const c of claimed)
    events.emitPush({
      userId: c.user_id,
      payload: chatPushPayload(roomId, {
        unread: c.unread,
        roomName: c.room_name,
        newestSender: c.newest_sender,
        newestContent: c.newest_content,
      }),
    });
  return claimed.length;
}
