import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { nextCursorField } from './pages.js';
import { currencyCode, roomImageUrl, timeOfDay, userIdInput } from './primitives.js';
import { inviteSchema, roomSchema, userSchema, venueSchema } from './shapes.js';
import { multiLineText, oneLineText } from './text.js';

/** A calendar day, `YYYY-MM-DD` or a full ISO instant (its UTC day is taken). */
export const roomDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Date must be an ISO date')
  .refine(
    (s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)),
    'Date must be an ISO date',
  )
  .transform((s) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s).toISOString().slice(0, 10));

const venueName = oneLineText('Venue')
  .min(1, 'Venue is required')
  .max(200, 'Venue must be at most 200 characters');
const placeId = z.string().trim().min(1, 'Please select a venue.').max(300);
const description = multiLineText('Description')
  .max(500, 'Description must be at most 500 characters')
  .default('');

const roomName = oneLineText('Room Name')
  .min(1, 'Room Name is required')
  .max(60, 'Room Name must be at most 60 characters');
/** Places for `going` members (docs/api/README.md#plans); null removes the limit. */
export const roomCapacity = z
  .number({ error: 'Capacity must be a whole number from 1 to 10,000' })
  .int('Capacity must be a whole number from 1 to 10,000')
  .min(1, 'Capacity must be a whole number from 1 to 10,000')
  .max(10_000, 'Capacity must be a whole number from 1 to 10,000')
  .nullable();
/** An IANA time zone such as `Asia/Singapore`; whether it exists is the server's check. */
export const timeZoneName = z
  .string({ error: 'Time zone must be an IANA name such as Europe/Paris' })
  .trim()
  .min(1, 'Time zone must be an IANA name such as Europe/Paris')
  .max(64, 'Time zone must be an IANA name such as Europe/Paris');
/** An uploaded picture of the caller's (`POST /pictures`); null goes back to the preset `imageUrl`. */
export const pictureIdInput = z.uuid({ error: 'Choose a picture you uploaded' }).nullable();

export const roomIdParams = z.object({ id: z.uuid({ version: 'v4' }).transform((s) => s.toLowerCase()) });

/**
 * A date or venue "to be decided" (docs/api/README.md#date-and-venue-tbd): with `dateTbd: true` the room needs no
 * `date`/`time` (the server stores placeholders), with `venueTbd: true` no `venue`/`venuePlaceId`. Without the flag
 * each of them is required as it always was.
 */
function requireUnlessTbd(
  r: { dateTbd?: boolean; venueTbd?: boolean } & Partial<Record<string, unknown>>,
  ctx: z.RefinementCtx,
  fields: { date: string; time: string; venue: string; place: string },
) {
  const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!r.dateTbd) {
    if (r[fields.date] === undefined) missing(fields.date, 'Date is required');
    if (r[fields.time] === undefined) missing(fields.time, 'Time is required');
  }
  if (!r.venueTbd) {
    if (r[fields.venue] === undefined) missing(fields.venue, 'Venue is required');
    if (r[fields.place] === undefined) missing(fields.place, 'Please select a venue.');
  }
}

const createFields = { date: 'date', time: 'time', venue: 'venue', place: 'venuePlaceId' };
const editFields = { date: 'date', time: 'time', venue: 'venue', place: 'placeId' };

export const createRoomBody = z.object({
  room: z
    .object({
      name: roomName,
      date: roomDate.optional(),
      venue: venueName.optional(),
      venuePlaceId: placeId.optional(),
      time: timeOfDay.optional(),
      /** The date is to be decided: `date`/`time` may be left out and are ignored (placeholders are stored). */
      dateTbd: z.boolean().optional(),
      /** The venue is to be decided: `venue`/`venuePlaceId` may be left out and are ignored. */
      venueTbd: z.boolean().optional(),
      imageUrl: roomImageUrl.default('/imgs/birthday.png'),
      /** Private unless the host makes it public (issue #20). */
      isPrivate: z.boolean().default(true),
      description,
      currency: currencyCode.optional(),
      capacity: roomCapacity.optional(),
      timeZone: timeZoneName.optional(),
      pictureId: pictureIdInput.optional(),
    })
    .superRefine((r, ctx) => requireUnlessTbd(r, ctx, createFields)),
  invitees: z.array(userIdInput).max(100, 'At most 100 invitees at once').default([]),
});
export type CreateRoomBody = z.infer<typeof createRoomBody>;

/**
 * `PATCH /rooms/{id}/edit`. `dateTbd: true` makes (or keeps) the date "to be decided" and `date`/`time` may then be
 * left out; a date or time other than the room's, or `dateTbd: false`, fixes it. `venueTbd` likewise for the venue
 * (docs/api/README.md#date-and-venue-tbd).
 */
export const editRoomBody = z
  .object({
    venue: venueName.optional(),
    placeId: placeId.optional(),
    date: roomDate.optional(),
    time: timeOfDay.optional(),
    dateTbd: z.boolean().optional(),
    venueTbd: z.boolean().optional(),
    description,
    currency: currencyCode.optional(),
    name: roomName.optional(),
    imageUrl: roomImageUrl.optional(),
    isPrivate: z.boolean().optional(),
    capacity: roomCapacity.optional(),
    timeZone: timeZoneName.optional(),
    pictureId: pictureIdInput.optional(),
  })
  .superRefine((r, ctx) => requireUnlessTbd(r, ctx, editFields));
export type EditRoomBody = z.infer<typeof editRoomBody>;

export const inviteBody = z.object({
  invitees: z.array(userIdInput).min(1, 'Invitees are required').max(100, 'At most 100 invitees at once'),
});
export const answerInviteBody = z.object({ accept: z.boolean() });

export const roomResponse = successEnvelope(roomSchema);
export const roomsResponse = successEnvelope(z.array(roomSchema)).extend(nextCursorField);
/** `POST /rooms`: the new room and the invites it sent. */
export const createRoomData = z.object({ room: roomSchema, invites: z.array(inviteSchema) });
export const createRoomResponse = successEnvelope(createRoomData);
/** `PATCH /rooms/{id}/join`: the room joined and its members. */
export const roomWithAttendeesData = z.object({ room: roomSchema, attendees: z.array(userSchema) });
export const roomWithAttendeesResponse = successEnvelope(roomWithAttendeesData);
/** `PATCH /rooms/{id}` {accept}: the room joined and its members, or null for a declined invite. */
export const answerInviteData = z.object({ room: roomSchema, attendees: z.array(userSchema) }).nullable();
export const answerInviteResponse = successEnvelope(answerInviteData);
export const invitesResponse = successEnvelope(z.array(inviteSchema));
export const usersResponse = successEnvelope(z.array(userSchema));
export const emptyResponse = successEnvelope(z.null());

export const venueSearchQuery = z.object({
  query: z.string().trim().min(1, 'query is required').max(200, 'query must be at most 200 characters'),
});
export const venuesResponse = successEnvelope(z.array(venueSchema));
