import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { setTokensValidAfter } from '../auth/queries.js';
import { outstandingSentence } from '../bills/ledger.js';
import { revokeFeedWithTokens } from '../calendar/service.js';
import { deliver } from '../notifications/service.js';
import { lockRoom } from '../rooms/queries.js';
import { leaveLocked } from '../rooms/service.js';
import { selectMemberGuest } from './queries.js';
import { deleteDeviceLink } from './queries-device-link.js';
import type { GuestContext } from './service.js';

/**
 * `DELETE /rooms/{id}/guests/{userId}` (docs/api/README.md#guests): in one transaction under the room's lock, 404 for
 * an unknown room → 403 for anyone but its host → 404 for an id that is not a guest still in this room (an account is
 * never removed here) → 409 while the guest's net in the room is not zero, as leaving checks it (the room's unpaid
 * transactions, `outstandingSentence`). Then the guest leaves as a member leaving does (features/rooms
 * `leaveLocked`: the membership and its answer go, `member_left` in the activity, the freed place to the waitlist) and
 * its tokens are revoked as signing out everywhere does (`tokens_valid_after`, and the calendar feed with them), and
 * its personal link is deleted (a resume checks the membership too, so a link made meanwhile opens nothing). The
 * guest's users row stays: bills, messages and the activity point at it (docs/decisions/026-guests.md).
 */
export async function removeGuest(
  ctx: GuestContext,
  me: { id: number },
  roomId: string,
  guestId: number,
): Promise<void> {
  const { revokedAt, pending } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
    if (room.host_id !== me.id) throw forbidden('Only the host can remove a guest.', 'NOT_HOST', 'NOT_HOST');
    const name = await selectMemberGuest(tx, roomId, guestId);
    if (name === undefined) throw notFound('User not found.', 'USER_NOT_FOUND');
    if (await outstandingSentence(tx, roomId, guestId, room.currency))
      throw conflict(`${name} still owes or is owed money in this room; settle up first.`, 'NET_NOT_ZERO');
    const pending = await leaveLocked(tx, roomId, guestId);
    const revokedAt = new Date();
    await setTokensValidAfter(tx, guestId, revokedAt);
    await revokeFeedWithTokens(tx, guestId);
    await deleteDeviceLink(tx, guestId);
    return { revokedAt, pending };
  });
  deliver(ctx.events, pending);
  // The session cache forgets the guest on every instance and its sockets close (app.ts, lib/realtime/plugin.ts).
  ctx.events.emitTokensRevoked(guestId, revokedAt.getTime());
  ctx.events.emitRoomUpdated(roomId);
}
