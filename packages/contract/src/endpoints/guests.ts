import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { tokenField } from '../auth.js';
import {
  guestDeviceLinkSchema,
  guestJoinBody,
  guestJoinData,
  guestLinkSchema,
  guestPreviewSchema,
  guestResumeBody,
  guestSecretParams,
} from '../guests.js';
import { idParam } from '../primitives.js';
import { roomIdParams } from '../rooms.js';

const tag = 'guests';

/** `/rooms/{id}/guests/{userId}`: the room and one of its guests. */
const roomGuestParams = roomIdParams.extend({ userId: idParam });

/** Guests: the host's guest link, its preview and joining from it (docs/api/README.md#guests). */
export const guestEndpoints = {
  link: endpoint({
    method: 'GET',
    path: '/rooms/{id}/guest-link',
    params: roomIdParams,
    data: guestLinkSchema.nullable(),
    errors: [400, 401, 403, 404],
    access: 'host',
    summary: 'The room’s guest link, or null when it is off',
    tag,
  }),
  createLink: endpoint({
    method: 'POST',
    path: '/rooms/{id}/guest-link',
    params: roomIdParams,
    data: guestLinkSchema,
    errors: [400, 401, 403, 404, 409],
    access: 'host',
    summary:
      'Turn the guest link on: a new secret, replacing any earlier one (whose link stops working at once)',
    tag,
  }),
  revokeLink: endpoint({
    method: 'DELETE',
    path: '/rooms/{id}/guest-link',
    params: roomIdParams,
    data: z.null(),
    errors: [400, 401, 403, 404],
    access: 'host',
    summary: 'Turn the guest link off: no new guest joins from it; the guests already in stay',
    tag,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/rooms/{id}/guests/{userId}',
    params: roomGuestParams,
    data: z.null(),
    errors: [400, 401, 403, 404, 409],
    access: 'host',
    summary:
      'Remove a guest whose net in the room is zero (409 otherwise): it leaves as a member leaving does, and its token stops working at once',
    tag,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/guest/{secret}',
    params: guestSecretParams,
    data: guestPreviewSchema,
    errors: [400, 404, 429],
    access: 'public',
    summary: 'What the guest link shows before joining: the room’s preview, no member’s name',
    tag,
  }),
  join: endpoint({
    method: 'POST',
    path: '/guest/{secret}/join',
    params: guestSecretParams,
    body: guestJoinBody,
    data: guestJoinData,
    extra: tokenField,
    errors: [400, 404, 409, 429],
    access: 'public',
    summary: 'Join the room as a guest with a name: a guest user and its token, for that room only',
    tag,
  }),
  // The guest's personal link (docs/api/README.md#guests): a guest's own, naming no room; an account is refused 403.
  deviceLink: endpoint({
    method: 'GET',
    path: '/guest/device-link',
    data: guestDeviceLinkSchema.nullable(),
    errors: [401, 403],
    access: 'guest',
    guests: 'room',
    summary:
      'The guest’s personal link to open the same guest on another device, or null when it is off (guests only)',
    tag,
  }),
  createDeviceLink: endpoint({
    method: 'POST',
    path: '/guest/device-link',
    data: guestDeviceLinkSchema,
    errors: [401, 403],
    access: 'guest',
    guests: 'room',
    summary:
      'Turn the guest’s personal link on: a new secret, replacing any earlier one (whose link stops working at once)',
    tag,
  }),
  revokeDeviceLink: endpoint({
    method: 'DELETE',
    path: '/guest/device-link',
    data: z.null(),
    errors: [401, 403],
    access: 'guest',
    guests: 'room',
    summary: 'Turn the guest’s personal link off: it opens nothing any more; the guest’s sessions stay',
    tag,
  }),
  resume: endpoint({
    method: 'POST',
    path: '/guest/resume',
    body: guestResumeBody,
    data: guestJoinData,
    extra: tokenField,
    errors: [400, 404, 429],
    access: 'public',
    summary:
      'Open the same guest on another device from its personal link’s secret (in the body): the guest, its room and a new guest token',
    tag,
  }),
};
