import type { EditRoomBody, Room } from '@outing/contract';
import { conflict, forbidden } from '../../lib/errors.js';
import { deliver, storeNotifications, type NewNotification } from '../notifications/service.js';
import { recordActivity } from '../bills/ledger.js';
import { venueUrl } from '../venues/providers.js';
import { promoteWaitlisted } from './capacity.js';
import { checkCurrency, checkDate, checkPicture, checkPlace, checkTimeZone } from './checks.js';
import { moveText } from './moves.js';
import { lockRoom, selectRoom } from './queries.js';
import { guestsToTell, hasBills, selectSchedule, updateRoom } from './queries-edit.js';
import { getRoom, type Me, type RoomsContext } from './service.js';

/** `PATCH /rooms/{id}/edit` (host): every field of the room; a field left out stays as it was (issue #20 item 3). */

export async function editRoom(ctx: RoomsContext, me: Me, roomId: string, body: EditRoomBody): Promise<Room> {
  const room = await getRoom(ctx, me, roomId);
  if (room.hostId !== me.id) throw forbidden('Only the host can edit this room.', 'NOT_HOST', 'NOT_HOST');
  if (room.isClosed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  // A room dated yesterday may still be renamed; moving it needs a date from yesterday on.
  if (body.date !== room.date.slice(0, 10)) checkDate(body.date);
  checkPlace(body.placeId, 'placeId');
  const currency = body.currency === undefined ? undefined : checkCurrency(body.currency, 'currency');
  const pending = await ctx.db.transaction(async (tx) => {
    if (body.timeZone !== undefined) await checkTimeZone(tx, body.timeZone, 'timeZone');
    if (body.pictureId) await checkPicture(tx, me.id, body.pictureId, 'pictureId');
    await lockRoom(tx, roomId);
    // The currency of amounts already entered cannot change under them (docs/api/README.md#currency).
    if (currency !== undefined && currency !== room.currency) {
      if (await hasBills(tx, roomId))
        throw conflict('The currency cannot change once the room has bills.', 'CURRENCY_LOCKED');
    }
    const before = await selectSchedule(tx, roomId);
    await updateRoom(tx, roomId, {
      ...body,
      venuePlaceId: body.placeId,
      venueUrl: venueUrl(body.venue, body.placeId),
      currency: currency ?? room.currency,
    });
    const after = await selectSchedule(tx, roomId);
    const moves = [
      { field: 'date', before: room.date.slice(0, 10), after: body.date },
      { field: 'time', before: room.time, after: body.time },
      { field: 'venue', before: room.venue, after: body.venue },
    ].filter((c) => c.before !== c.after);
    if (moves.length > 0)
      await recordActivity(tx, { roomId, actorId: me.id, kind: 'room_moved', changes: moves });
    const text = moveText(
      after.name,
      { startsAt: new Date(before.starts_ms), venue: before.venue },
      { startsAt: new Date(after.starts_ms), venue: after.venue },
      after.time_zone,
    );
    const moved: NewNotification[] = text
      ? (await guestsToTell(tx, roomId, me.id)).map((userId) => ({
          userId,
          kind: 'room_changed' as const,
          title: 'Outing moved',
          content: text,
          url: `/room/${roomId}`,
          roomId,
          actorId: me.id,
          params: {
            roomName: after.name,
            startsAt: new Date(after.starts_ms).toISOString(),
            previousStartsAt: new Date(before.starts_ms).toISOString(),
            venue: after.venue,
            previousVenue: before.venue,
            timeZone: after.time_zone,
          },
        }))
      : [];
    // A raised or removed capacity frees places for the waitlist.
    const promoted = body.capacity !== undefined ? await promoteWaitlisted(tx, roomId) : [];
    return storeNotifications(tx, [...moved, ...promoted]);
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return (await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId))!;
}
