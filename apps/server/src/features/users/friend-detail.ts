import type { FriendDetail, SharedRoom } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { notFound } from '../../lib/errors.js';
import { pictureUrl } from '../rooms/queries.js';
import { friendshipRow, sharedRoomRows, type SharedRoomRow } from './queries-friend-detail.js';
import { toUserDetail } from './service.js';

const toSharedRoom = (r: SharedRoomRow): SharedRoom => ({
  id: r.id,
  name: r.name,
  date: `${r.date}T00:00:00.000Z`,
  time: r.time,
  startsAt: isoTimestamp(r.starts_at),
  timeZone: r.time_zone,
  venue: r.venue,
  isClosed: r.is_closed,
  imageUrl: r.image_url,
  pictureUrl: r.picture_id ? pictureUrl(r.picture_id) : null,
  dateTbd: r.date_tbd,
  venueTbd: r.venue_tbd,
});

/**
 * One friend as the friend page shows them (docs/api/README.md#users-and-friends): 404 unless `friendId` is the
 * caller's friend, so nothing is told about anyone else.
 */
export async function friendDetail(db: Db, userId: number, friendId: number): Promise<FriendDetail> {
  const friendship = await friendshipRow(db, userId, friendId);
  if (!friendship) throw notFound('You are not friends with this user.', 'NOT_FRIENDS');
  const rooms = await sharedRoomRows(db, userId, friendId);
  return {
    user: toUserDetail(friendship.user),
    since: isoTimestamp(friendship.since),
    sharedRooms: rooms.map(toSharedRoom),
    numSharedRooms: rooms[0]?.total ?? 0,
  };
}
