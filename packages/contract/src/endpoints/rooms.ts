import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { countData, pageQuery } from '../friends.js';
import { nextCursorField } from '../pages.js';
import {
  attendeeSchema,
  exploreQuery,
  guestSchema,
  nudgeBody,
  nudgeData,
  roomPreviewSchema,
  rsvpBody,
  rsvpData,
} from '../plans.js';
import {
  answerInviteBody,
  answerInviteData,
  createRoomBody,
  createRoomData,
  editRoomBody,
  inviteBody,
  roomIdParams,
  roomWithAttendeesData,
} from '../rooms.js';
import { inviteSchema, roomSchema, userSchema } from '../shapes.js';

const tag = 'rooms';

/**
 * Rooms: lists, creation, a room, RSVPs, guests, joining, leaving and closing (docs/api/README.md#rooms), and the
 * plan's RSVPs, guests, nudges and Explore (docs/api/README.md#plans).
 */
export const roomEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/rooms',
    query: pageQuery,
    data: z.array(roomSchema),
    extra: nextCursorField,
    errors: [400, 401],
    access: 'signedIn',
    summary: 'Your open rooms, most recently updated first',
    tag,
  }),
  past: endpoint({
    method: 'GET',
    path: '/rooms/past',
    query: pageQuery,
    data: z.array(roomSchema),
    extra: nextCursorField,
    errors: [400, 401],
    access: 'signedIn',
    summary: 'Your past outings: closed rooms you were a member of, most recently closed first (read-only)',
    tag,
  }),
  count: endpoint({
    method: 'GET',
    path: '/rooms/count',
    data: countData,
    errors: [401],
    access: 'signedIn',
    summary: 'How many open rooms you are in',
    tag,
  }),
  invites: endpoint({
    method: 'GET',
    path: '/rooms/invites',
    data: z.array(inviteSchema),
    errors: [401],
    access: 'signedIn',
    summary: 'Your pending invites',
    tag,
  }),
  inviteCount: endpoint({
    method: 'GET',
    path: '/rooms/invites/count',
    data: countData,
    errors: [401],
    access: 'signedIn',
    summary: 'How many pending invites you have',
    tag,
  }),
  explore: endpoint({
    method: 'GET',
    path: '/rooms/public',
    query: exploreQuery,
    data: z.array(roomSchema),
    extra: nextCursorField,
    errors: [400, 401],
    access: 'signedIn',
    summary:
      'Explore: upcoming open public rooms you are not in and have no pending invite to, soonest first; ' +
      'q searches name and venue; with limit, pages (pass nextCursor back as cursor)',
    tag,
  }),
  // Any signed-in user who knows the id: a room's link is what lets one join it.
  get: endpoint({
    method: 'GET',
    path: '/rooms/{id}',
    params: roomIdParams,
    data: roomSchema,
    errors: [401, 404],
    access: 'signedIn',
    guests: 'room',
    summary: 'A room, to anyone who knows its id',
    tag,
  }),
  attendees: endpoint({
    method: 'GET',
    path: '/rooms/{id}/attendees',
    params: roomIdParams,
    data: z.array(attendeeSchema),
    errors: [401, 403, 404],
    access: 'member',
    guests: 'room',
    summary: 'The members with their answer, host first',
    tag,
  }),
  uninvited: endpoint({
    method: 'GET',
    path: '/rooms/{id}/uninvited',
    params: roomIdParams,
    data: z.array(userSchema),
    errors: [401, 403, 404],
    access: 'member',
    summary: 'Your friends who are neither members nor invited',
    tag,
  }),
  // A member, or a pending invitee before answering (the same list); anyone else 403.
  guests: endpoint({
    method: 'GET',
    path: '/rooms/{id}/guests',
    params: roomIdParams,
    data: z.array(guestSchema),
    errors: [401, 403, 404],
    access: 'member',
    guests: 'room',
    summary:
      'Everyone asked (members and pending invitees): members with their answer, then pending and declined invitees',
    tag,
  }),
  create: endpoint({
    method: 'POST',
    path: '/rooms',
    body: createRoomBody,
    data: createRoomData,
    errors: [400, 401, 404],
    access: 'signedIn',
    summary:
      'Create a room; you host it; invitees are notified. date and time, or venue and venuePlaceId, are required ' +
      'unless dateTbd, or venueTbd, says they are to be decided',
    tag,
  }),
  edit: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}/edit',
    params: roomIdParams,
    body: editRoomBody,
    data: roomSchema,
    errors: [400, 401, 403, 404, 409],
    access: 'host',
    summary:
      'Edit the room (host only): venue, date, time and description, and name, picture, privacy, capacity and ' +
      'time zone when given. Members and invitees are told when the date, time or venue moves. dateTbd / venueTbd ' +
      'make the date / venue to be decided (their fields may then be left out) or, false, fix it',
    tag,
  }),
  // Any signed-in user: a public room, or a private one by its link (409 for a member).
  join: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}/join',
    params: roomIdParams,
    data: roomWithAttendeesData,
    errors: [401, 404, 409],
    access: 'signedIn',
    summary: 'Join an open room (public, or private by its link)',
    tag,
  }),
  answerInvite: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}',
    params: roomIdParams,
    body: answerInviteBody,
    data: answerInviteData,
    errors: [400, 401, 404, 409],
    access: 'invitee',
    summary: 'Accept or decline your pending invite',
    tag,
  }),
  // A member of a public room; the host of a private one (the one 401 of a signed-in caller for the others,
  // docs/api/README.md#the-one-401).
  invite: endpoint({
    method: 'POST',
    path: '/rooms/{id}',
    params: roomIdParams,
    body: inviteBody,
    data: z.array(inviteSchema),
    errors: [400, 401, 403, 404, 409],
    access: 'member',
    summary:
      'Invite friends (any member of a public room; the host of a private one); 409 for someone who declined an invite to the room in the last day',
    tag,
  }),
  close: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}/close',
    params: roomIdParams,
    data: z.null(),
    errors: [401, 403, 404, 409],
    access: 'host',
    summary: 'Close the room (host only)',
    tag,
  }),
  // A member but the host (409).
  leave: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}/leave',
    params: roomIdParams,
    data: z.null(),
    errors: [401, 403, 404, 409],
    access: 'member',
    summary: 'Leave the room (not the host)',
    tag,
  }),
  // A member, or a pending invitee (whose going or maybe accepts the invite).
  rsvp: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}/rsvp',
    params: roomIdParams,
    body: rsvpBody,
    data: rsvpData,
    errors: [400, 401, 403, 404, 409],
    access: 'member',
    guests: 'room',
    summary:
      'Your answer: going, maybe or declined. A pending invitee’s going or maybe accepts the invite; when ' +
      'the room is full, going puts you on the waitlist',
    tag,
  }),
  nudge: endpoint({
    method: 'POST',
    path: '/rooms/{id}/nudge',
    params: roomIdParams,
    // The body may be left out: nudge everyone pending.
    body: nudgeBody.nullish(),
    data: nudgeData,
    errors: [400, 401, 403, 404, 409, 429],
    access: 'host',
    summary:
      'Remind pending invitees to answer (host only); each at most once in NUDGE_INTERVAL_HOURS (429 when ' +
      'none can be nudged yet)',
    tag,
  }),
  // No token: whoever holds the room's link (a private room's too: the link is what lets one join it).
  preview: endpoint({
    method: 'GET',
    path: '/rooms/{id}/preview',
    params: roomIdParams,
    data: roomPreviewSchema,
    errors: [404, 429],
    access: 'public',
    summary:
      'What anyone holding the room’s link sees before joining, signed in or not: name, picture, date, venue, ' +
      'host, going count; no member’s name. A private room too: its link is what lets one join.',
    tag,
  }),
};
