import type { RoomPreview } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { notFound } from '../../lib/errors.js';
import { pictureUrl } from '../pictures/service.js';
import { selectPreview, type PreviewRow } from './queries.js';

/**
 * The signed-out preview of a room (issue #20 item 9): what anyone holding its link sees before joining. A private
 * room's link is its capability (docs/api/README.md#rooms: anyone with it may join), so its preview is shown too, but never
 * more than joining would show at once: no member's name, no email, no user id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isRoomId = (id: string) => UUID.test(id);

function toPreview(r: PreviewRow, publicUrl: string): RoomPreview {
  return {
    id: r.id,
    name: r.name,
    imageUrl: r.image_url as RoomPreview['imageUrl'],
    pictureUrl: r.picture_id ? pictureUrl(r.picture_id) : null,
    date: `${r.date}T00:00:00.000Z`,
    time: r.time,
    timeZone: r.time_zone,
    startsAt: isoTimestamp(r.starts_at),
    venue: r.venue,
    venueUrl: r.venue_tbd ? '' : r.venue_url,
    description: r.description,
    host: { username: r.host_username, displayName: r.host_display_name, pictureUrl: r.host_picture_url },
    goingCount: r.going_count,
    capacity: r.capacity,
    isPrivate: r.is_private,
    isClosed: r.is_closed,
    isPast: r.is_past,
    url: `${publicUrl}/room/${r.id}`,
    dateTbd: r.date_tbd,
    venueTbd: r.venue_tbd,
  };
}

/** The preview, or undefined for an unknown or malformed id. */
export async function findPreview(db: Db, publicUrl: string, roomId: string) {
  if (!isRoomId(roomId)) return undefined;
  const row = await selectPreview(db, roomId.toLowerCase());
  return row && toPreview(row, publicUrl);
}

export async function getPreview(db: Db, publicUrl: string, roomId: string): Promise<RoomPreview> {
  const preview = await findPreview(db, publicUrl, roomId);
  if (!preview) throw notFound('There is no such room.', 'ROOM_NOT_FOUND');
  return preview;
}
