import { sql, type SQL } from 'drizzle-orm';
import type { EditRoomBody, Room } from '@outing/contract';
import { conflict, forbidden } from '../../lib/errors.js';
import { deliver, storeNotifications, type NewNotification } from '../notifications/service.js';
import { recordActivity } from '../bills/ledger.js';
import { venueUrl } from '../venues/providers.js';
import { promoteWaitlisted } from './capacity.js';
import { checkCurrency, checkDate, checkPicture, checkPlace, checkTimeZone } from './checks.js';
import { moveText } from './moves.js';
import { lockRoom, selectRoom, type Tx } from './queries.js';
import { getRoom, type Me, type RoomsContext } from './service.js';

/** `PATCH /rooms/{id}/edit` (host): every field of the room; a field left out stays as it was (issue #20 item 3). */

type Schedule = { starts_ms: number; venue: string; time_zone: string; name: string };

const schedule = async (tx: Tx, roomId: string) =>
  (
    await tx.execute<Schedule>(
      sql`SELECT (extract(epoch FROM starts_at) * 1000)::float8 AS starts_ms, venue, time_zone, name FROM rooms WHERE id = ${roomId}`,
    )
  ).rows[0]!;

/** Every member but the editor and every pending invitee: they all planned around the old date and place. */
async function guestsToTell(tx: Tx, roomId: string, editorId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ user_id: number }>(sql`
    SELECT user_id FROM room_members WHERE room_id = ${roomId} AND user_id <> ${editorId}
    UNION SELECT user_id FROM invites WHERE room_id = ${roomId} AND status = 'pending' AND user_id <> ${editorId}`);
  return rows.map((r) => r.user_id);
}

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
      const { rows } = await tx.execute(sql`SELECT 1 FROM bills WHERE room_id = ${roomId} LIMIT 1`);
      if (rows.length > 0)
        throw conflict('The currency cannot change once the room has bills.', 'CURRENCY_LOCKED');
    }
    const before = await schedule(tx, roomId);
    const optional: SQL[] = [];
    if (body.name !== undefined) optional.push(sql`name = ${body.name}`);
    if (body.imageUrl !== undefined) optional.push(sql`image_url = ${body.imageUrl}`);
    if (body.isPrivate !== undefined) optional.push(sql`is_private = ${body.isPrivate}`);
    if (body.capacity !== undefined) optional.push(sql`capacity = ${body.capacity}`);
    if (body.timeZone !== undefined) optional.push(sql`time_zone = ${body.timeZone}`);
    if (body.pictureId !== undefined) optional.push(sql`picture_id = ${body.pictureId}`);
    await tx.execute(sql`
      UPDATE rooms SET venue = ${body.venue}, venue_place_id = ${body.placeId}, venue_url = ${venueUrl(body.venue, body.placeId)},
        date = ${body.date}, time = ${body.time}, description = ${body.description},
        currency = ${currency ?? room.currency}, ${sql.join([...optional, sql`updated_at = now()`], sql`, `)}
      WHERE id = ${roomId} AND is_closed = false`);
    const after = await schedule(tx, roomId);
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
