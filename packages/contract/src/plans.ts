import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { id, idParam, isoDateTime, roomId, roomImageUrl, timeOfDay } from './primitives.js';
import { roomDate } from './rooms.js';
import { roomSchema, userSchema } from './shapes.js';

/**
 * Planning an outing (docs/api/README.md#plans and issue #20): RSVPs, capacity and waitlist, nudges, date polls, the
 * signed-out preview, Explore's search and paging, calendar feeds, reminder preferences and own cover pictures.
 */

export const rsvpStatuses = ['going', 'maybe', 'declined', 'waitlisted', 'invited'] as const;
export const rsvpStatus = z.enum(rsvpStatuses);
export type RsvpStatus = z.infer<typeof rsvpStatus>;

/** `PATCH /rooms/{id}/rsvp`: a member's answer; an invitee's `going` or `maybe` accepts the invite. */
export const rsvpBody = z.object({
  status: z.enum(['going', 'maybe', 'declined'], { error: 'Answer going, maybe or declined' }),
});
export type RsvpBody = z.infer<typeof rsvpBody>;
/** The room after the answer, and the caller's resulting rsvp (`waitlisted` when the room was full). */
export const rsvpData = z.object({ room: roomSchema, rsvp: rsvpStatus });
export const rsvpResponse = successEnvelope(rsvpData);

/** A member of the room with their answer (`GET /rooms/{id}/attendees` items carry `rsvp` too). */
export const attendeeSchema = userSchema.extend({ rsvp: rsvpStatus });
export type Attendee = z.infer<typeof attendeeSchema>;

/**
 * `GET /rooms/{id}/guests` (members): everyone asked, members and invitees, with their answer. Members first by
 * answer (going, maybe, waitlisted in waitlist order, declined), then pending invites, then declined invites.
 * `nudgedAt` is when the host last nudged a pending invitee (null otherwise).
 */
export const guestSchema = z.object({
  user: userSchema,
  rsvp: rsvpStatus,
  isMember: z.boolean(),
  answeredAt: isoDateTime.nullable(),
  nudgedAt: isoDateTime.nullable(),
});
export type Guest = z.infer<typeof guestSchema>;
export const guestsResponse = successEnvelope(z.array(guestSchema));

/**
 * `POST /rooms/{id}/nudge` (host): reminds pending invitees to answer; `userIds` limits it to some of them. Each
 * invitee is nudged at most once in `NUDGE_INTERVAL_HOURS`; those skipped for that reason are listed.
 */
export const NUDGE_INTERVAL_HOURS = 24;
export const nudgeBody = z.object({ userIds: z.array(id).max(100).optional() });
export const nudgeData = z.object({
  nudged: z.array(id),
  skipped: z.array(id),
  nextNudgeAt: isoDateTime.nullable(),
});
export type NudgeData = z.infer<typeof nudgeData>;
export const nudgeResponse = successEnvelope(nudgeData);

/** `GET /rooms/{id}/preview` (no sign-in needed): what a link holder sees before joining; no member names. */
export const roomPreviewSchema = z.object({
  id: roomId,
  name: z.string(),
  imageUrl: roomImageUrl,
  pictureUrl: z.string().nullable(),
  date: isoDateTime,
  time: timeOfDay,
  timeZone: z.string(),
  startsAt: isoDateTime,
  venue: z.string(),
  venueUrl: z.string(),
  description: z.string(),
  host: z.object({ username: z.string(), pictureUrl: z.string(), displayName: z.string().optional() }),
  goingCount: z.number().int().nonnegative(),
  capacity: z.number().int().positive().nullable(),
  isPrivate: z.boolean(),
  isClosed: z.boolean(),
  /** Its start lies in the past: it can no longer be joined. */
  isPast: z.boolean(),
  url: z.string(),
  /** As a Room's (docs/api/README.md#date-and-venue-tbd): `date`/`time` or `venue` are placeholders when true. */
  dateTbd: z.boolean().optional(),
  venueTbd: z.boolean().optional(),
});
export type RoomPreview = z.infer<typeof roomPreviewSchema>;
export const roomPreviewResponse = successEnvelope(roomPreviewSchema);

/**
 * `GET /rooms/public` also takes `q` (name or venue contains it, case-insensitive), `limit` (1–50) and `cursor`
 * (from the previous page). Explore lists upcoming open public rooms only, soonest first. With `limit` the envelope
 * carries `nextCursor` (null on the last page); without it the soonest 50 come back in one answer, as for the first clients (docs/api/README.md#rooms).
 */
export const exploreQuery = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  cursor: z.string().max(200).optional(),
});
export const exploreResponse = successEnvelope(z.array(roomSchema)).extend({
  nextCursor: z.string().nullable().optional(),
});

/** Pick a date together: 2–5 options proposed by the host. */
export const MIN_DATE_OPTIONS = 2;
export const MAX_DATE_OPTIONS = 5;
export const dateVote = z.enum(['yes', 'maybe', 'no'], { error: 'Vote yes, maybe or no' });
export type DateVote = z.infer<typeof dateVote>;
export const dateOptionInput = z.object({ date: roomDate, time: timeOfDay });
/** `POST /rooms/{id}/date-poll` (host): starts a poll, replacing an open one (its votes are dropped). */
export const datePollBody = z.object({
  options: z
    .array(dateOptionInput)
    .min(MIN_DATE_OPTIONS, `Propose at least ${MIN_DATE_OPTIONS} dates`)
    .max(MAX_DATE_OPTIONS, `Propose at most ${MAX_DATE_OPTIONS} dates`),
});
export const dateOptionSchema = z.object({
  id,
  date: isoDateTime,
  time: timeOfDay,
  startsAt: isoDateTime,
  yes: z.number().int().nonnegative(),
  maybe: z.number().int().nonnegative(),
  no: z.number().int().nonnegative(),
  myVote: dateVote.nullable(),
  /**
   * Each voter's vote (members only: a member who left no longer counts). `answer` is the same as `vote` (issue 37's
   * name for it); optional here so that answers made before it still parse, always sent by the server.
   */
  votes: z.array(z.object({ userId: id, vote: dateVote, answer: dateVote.optional() })),
});
export type DateOption = z.infer<typeof dateOptionSchema>;
/** `GET /rooms/{id}/date-poll` (members): the open poll's options in date order, or null when there is none. */
export const datePollSchema = z.object({ roomId, options: z.array(dateOptionSchema) });
export type DatePoll = z.infer<typeof datePollSchema>;
export const datePollResponse = successEnvelope(datePollSchema.nullable());
/** `PUT /rooms/{id}/date-poll/{optionId}` (members) {vote}; `POST /rooms/{id}/date-poll/{optionId}/fix` (host). */
export const dateVoteBody = z.object({ vote: dateVote });
export const dateOptionParams = z.object({
  id: z.uuid({ version: 'v4' }).transform((s) => s.toLowerCase()),
  optionId: idParam,
});

/** `POST /users/{id}/calendar-feed` (self): a new secret feed link, revoking the earlier one. */
export const calendarFeedData = z.object({ url: z.string() });
export const calendarFeedResponse = successEnvelope(calendarFeedData);
/** `GET /users/{id}/calendar-feed` (self): whether a feed link is active (the secret is shown only once). */
export const calendarFeedStatusData = z.object({ active: z.boolean(), createdAt: isoDateTime.nullable() });
export const calendarFeedStatusResponse = successEnvelope(calendarFeedStatusData);
/** `GET /calendar/{secret}.ics`: the feed's secret, as the link carries it. */
export const calendarFeedParams = z.object({ secret: z.string() });

/**
 * `POST /pictures` (signed in): the body is the image itself (`Content-Type` image/jpeg, image/png, image/webp,
 * image/heic or image/heif, at most `MAX_PICTURE_BYTES`). Answers 200 (docs/api/README.md#envelope: creates too) with the picture's id, to pass as a room's
 * `pictureId`, and its URL.
 */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const pictureTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export const pictureWidths = [160, 480, 960] as const;
export const pictureSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export const pictureResponse = successEnvelope(pictureSchema);
/** `GET /pictures/{id}.webp?w=`: a picture's id, and the width of the rendition (960 when left out). */
export const pictureParams = z.object({
  id: z.uuid({ version: 'v4' }).transform((s) => s.toLowerCase()),
});
export const pictureQuery = z.object({
  w: z.enum(['160', '480', '960'], { error: 'w must be 160, 480 or 960' }).optional(),
});
