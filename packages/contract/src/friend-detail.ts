import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { isoDateTime, roomId, roomImageUrl, timeOfDay } from './primitives.js';
import { friendSchema } from './shapes.js';

/** At most this many shared rooms are listed (`numSharedRooms` counts them all). */
export const sharedRoomsLimit = 50;

/** A room you and a friend are both members of, as the friend page lists it (docs/api/README.md#users-and-friends). */
export const sharedRoomSchema = z.object({
  id: roomId,
  name: z.string(),
  /** As a room's: the day at midnight UTC, wall-clock in `timeZone`. */
  date: isoDateTime,
  time: timeOfDay,
  /** The start instant, ISO-8601 UTC. */
  startsAt: isoDateTime,
  timeZone: z.string(),
  venue: z.string(),
  isClosed: z.boolean(),
  /** One of the six preset covers. */
  imageUrl: roomImageUrl,
  /** The uploaded cover (the 960 px rendition), or null for none. */
  pictureUrl: z.string().nullable(),
  /** As a room's (docs/api/README.md#date-and-venue-tbd): `date`, `time` and `startsAt`, or `venue`, are placeholders. */
  dateTbd: z.boolean().optional(),
  venueTbd: z.boolean().optional(),
});
export type SharedRoom = z.infer<typeof sharedRoomSchema>;

/**
 * `GET /users/{id}/friends/{friendId}`: the friend (as in your friends list: a `User` with presence), when you became
 * friends (`since`), and the rooms you share: open ones first, soonest first, then closed ones, latest first; at most
 * `sharedRoomsLimit` of them, `numSharedRooms` counting all.
 */
export const friendDetailData = z.object({
  user: friendSchema,
  since: isoDateTime.optional(),
  sharedRooms: z.array(sharedRoomSchema),
  numSharedRooms: z.number().int().nonnegative(),
});
export type FriendDetail = z.infer<typeof friendDetailData>;
export const friendDetailResponse = successEnvelope(friendDetailData);
