import type { Db } from '../../db/pool.js';
import type { AppEvents } from '../../lib/events.js';
import { deliver, storeNotifications, type NewNotification } from '../notifications/service.js';
import { promoteWaitlisted } from '../rooms/service.js';
import {
  anonymiseUser,
  closeRoom,
  declineStaying,
  erasePersonalData,
  leave,
  roomsOf,
  setHost,
  successorOf,
} from './queries.js';

/**
 * Deletes an account (issue #21, docs/accounts.md) in one transaction: its personal data goes, its rooms are handed
 * over or closed, and what others' money and conversations point at stays, under the name "Deleted user". Amounts
 * are never touched: every bill, share and transaction keeps its row, so every balance stays what it was.
 * Returns the moment from which its tokens are refused, and what to tell whom once committed.
 */
export async function eraseAccount(
  ctx: { db: Db; events: AppEvents },
  userId: number,
): Promise<{ revokedAtMs: number }> {
  const revokedAt = new Date();
  const done = await ctx.db.transaction(async (tx) => {
    // First, so that the account stops being usable (and its row is locked) before anything else is looked at.
    const email = await anonymiseUser(tx, userId, revokedAt);
    if (email === undefined) return undefined;
    const rooms = await roomsOf(tx, userId);
    await erasePersonalData(tx, userId, email);
    const notes: NewNotification[] = [];
    for (const room of rooms) {
      if (room.is_host) {
        const next = await successorOf(tx, room.id, userId);
        if (next !== undefined) {
          await setHost(tx, room.id, next);
          notes.push({
            userId: next,
            kind: 'host_transferred',
            roomId: room.id,
            params: { roomName: room.name },
            title: 'You are now the host',
            content: `You are now the host of ${room.name}: its host deleted their account.`,
            url: `/room/${room.id}`,
          });
        } else if (!room.is_closed) {
          // Nobody else in it: nobody to hand it to.
          await closeRoom(tx, room.id);
        }
      }
      if (!room.is_member) continue;
      if (room.has_money) await declineStaying(tx, room.id, userId);
      else await leave(tx, room.id, userId);
      if (!room.is_closed) notes.push(...(await promoteWaitlisted(tx, room.id)));
    }
    return { pending: await storeNotifications(tx, notes), roomIds: rooms.map((r) => r.id) };
  });
  if (done) {
    deliver(ctx.events, done.pending);
    for (const roomId of done.roomIds) ctx.events.emitRoomUpdated(roomId);
  }
  return { revokedAtMs: revokedAt.getTime() };
}
