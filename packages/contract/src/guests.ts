import { z } from 'zod';
import { roomPreviewSchema } from './plans.js';
import { roomSchema, userSchema } from './shapes.js';
import { oneLineText } from './text.js';

// Guests (docs/api/README.md#guests, docs/guests.md): a friend takes part in one room from the host's guest link,
// without an account.

/** The room's guest link, or null when it is off (`GET /rooms/{id}/guest-link`). */
export const guestLinkSchema = z.object({ url: z.string() });
export type GuestLink = z.infer<typeof guestLinkSchema>;

/** The secret of a guest link: `/g/{secret}` (at least 128 random bits, base64url). */
export const guestSecretParams = z.object({
  secret: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a guest link'),
});

/** `GET /guest/{secret}`: the room's preview (no member's name), and that guests may join from it. */
export const guestPreviewSchema = roomPreviewSchema.extend({ guestsAllowed: z.literal(true) });
export type GuestPreview = z.infer<typeof guestPreviewSchema>;

/** Most guests one room may hold, and joins from one address in an hour. */
export const GUEST_LIMITS = { perRoom: 50, joinsPerAddressPerHour: 10, nameMax: 40 } as const;

/** `POST /guest/{secret}/join`: the name the others will see (1–40 characters, one line). */
export const guestJoinBody = z.object({
  name: oneLineText('Name', { invisible: true })
    .min(1, 'Enter your name')
    .max(GUEST_LIMITS.nameMax, `Name must be at most ${GUEST_LIMITS.nameMax} characters`),
});
export type GuestJoinBody = z.infer<typeof guestJoinBody>;

/** The guest (a user with `isGuest: true`) and the room; the guest token is the envelope's top-level `token`. */
export const guestJoinData = z.object({ user: userSchema, room: roomSchema });
export type GuestJoinData = z.infer<typeof guestJoinData>;
