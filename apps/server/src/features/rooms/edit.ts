import type { EditRoomBody, Room } from '@outing/contract';
import { conflict, forbidden } from '../../lib/errors.js';
import { deliver, storeNotifications, type NewNotification } from '../notifications/service.js';
import { recordActivity } from '../bills/ledger.js';
import { dayLabel } from '../../lib/room-time.js';
import { venueUrl } from '../venues/providers.js';
import { promoteWaitlisted } from './capacity.js';
import { checkCurrency, checkDate, checkPicture, checkPlace, checkTimeZone } from './checks.js';
import { moveText } from './moves.js';
import { lockRoom, selectRoom } from './queries.js';
import { guestsToTell, hasBills, selectSchedule, updateRoom, type ScheduleRow } from './queries-edit.js';
import { editTbd, TBD_PLACE_ID, TBD_VENUE } from './tbd.js';
import { getRoom, type Me, type RoomsContext } from './service.js';

/** "Dinner: the date is set — Sat 6 Dec 19:30.", as when the host fixes a date poll's option (features/polls). */
const dateSetNotice = (
  userId: number,
  roomId: string,
  actorId: number,
  room: ScheduleRow,
  date: string,
  time: string,
): NewNotification => ({
  userId,
  kind: 'date_set',
  title: 'Date set',
  content: `${room.name}: the date is set — ${dayLabel(date)} ${time}.`,
  url: `/room/${roomId}`,
  roomId,
  actorId,
  params: { roomName: room.name, date, time, timeZone: room.time_zone },
});

/**
 * `PATCH /rooms/{id}/edit` (host): every field of the room; a field left out stays as it was (issue #20 item 3). A
 * date or venue to be decided follows `editTbd` (tbd.ts, docs/api/README.md#date-and-venue-tbd).
 */
export async function editRoom(ctx: RoomsContext, me: Me, roomId: string, body: EditRoomBody): Promise<Room> {
  const room = await getRoom(ctx, me, roomId);
  if (room.hostId !== me.id) throw forbidden('Only the host can edit this room.', 'NOT_HOST', 'NOT_HOST');
  if (room.isClosed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  const tbd = editTbd(body, {
    date: room.date.slice(0, 10),
    time: room.time,
    venue: room.venue,
    placeId: room.venuePlaceId,
    dateTbd: room.dateTbd ?? false,
    venueTbd: room.venueTbd ?? false,
  });
  // A date to be decided keeps its placeholder; a venue to be decided takes the venue placeholder.
  const date = tbd.dateTbd ? room.date.slice(0, 10) : body.date!;
  const time = tbd.dateTbd ? room.time : body.time!;
  const venue = tbd.venueTbd ? TBD_VENUE : body.venue!;
  const placeId = tbd.venueTbd ? TBD_PLACE_ID : body.placeId!;
  // A room dated yesterday may still be renamed; moving it needs a date from yesterday on.
  if (date !== room.date.slice(0, 10)) checkDate(date);
  if (!tbd.venueTbd) checkPlace(placeId, 'placeId');
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
      date,
      time,
      venue,
      venuePlaceId: placeId,
      venueUrl: venueUrl(venue, placeId),
      currency: currency ?? room.currency,
      dateTbd: tbd.dateTbd,
      venueTbd: tbd.venueTbd,
    });
    const after = await selectSchedule(tx, roomId);
    // A placeholder, before or after, is no place in the room's history: only a move between real values is one.
    const dateWasReal = !room.dateTbd && !tbd.dateTbd;
    const venueWasReal = !room.venueTbd && !tbd.venueTbd;
    const moves = [
      { field: 'date', before: room.date.slice(0, 10), after: date, real: dateWasReal },
      { field: 'time', before: room.time, after: time, real: dateWasReal },
      { field: 'venue', before: room.venue, after: venue, real: venueWasReal },
    ]
      .filter((c) => c.real && c.before !== c.after)
      .map(({ field, before, after }) => ({ field, before, after }));
    if (moves.length > 0)
      await recordActivity(tx, { roomId, actorId: me.id, kind: 'room_moved', changes: moves });
    // A placeholder date was no date: fixing it sets the date (as fixing a poll's option does), it moves nothing.
    const dateSet = room.dateTbd === true && !tbd.dateTbd;
    const startedAt = dateSet ? after.starts_ms : before.starts_ms;
    const text = moveText(
      after.name,
      { startsAt: new Date(startedAt), venue: before.venue, dateTbd: room.dateTbd, venueTbd: room.venueTbd },
      { startsAt: new Date(after.starts_ms), venue: after.venue, ...tbd },
      after.time_zone,
    );
    const guests = text || dateSet ? await guestsToTell(tx, roomId, me.id) : [];
    const moved: NewNotification[] = text
      ? guests.map((userId) => ({
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
            previousStartsAt: new Date(startedAt).toISOString(),
            venue: after.venue,
            previousVenue: before.venue,
            timeZone: after.time_zone,
            // Newly to be decided: a client says so rather than the placeholder (docs/notifications.md).
            ...(tbd.dateTbd && !room.dateTbd && { dateTbd: true }),
            ...(tbd.venueTbd && !room.venueTbd && { venueTbd: true }),
          },
        }))
      : [];
    const set: NewNotification[] = dateSet
      ? guests.map((userId) => dateSetNotice(userId, roomId, me.id, after, date, time))
      : [];
    // A raised or removed capacity frees places for the waitlist.
    const promoted = body.capacity !== undefined ? await promoteWaitlisted(tx, roomId) : [];
    return storeNotifications(tx, [...moved, ...set, ...promoted]);
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return (await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId))!;
}
