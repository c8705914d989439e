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

/** The longest name a guest may give. */
const NAME_MAX = 40;

/** Most guests one room may hold, joins and device-link resumes from one address in an hour, the longest name. */
export const GUEST_LIMITS = {
  perRoom: 50,
  joinsPerAddressPerHour: 10,
  resumesPerAddressPerHour: 10,
  nameMax: NAME_MAX,
} as const;

/** `POST /guest/{secret}/join`: the name the others will see (1–40 characters, one line). */
export const guestJoinBody = z.object({
  name: oneLineText('Name', { invisible: true })
    .min(1, 'Enter your name')
    // The limit by its constant, not GUEST_LIMITS.nameMax: a property read would keep the schema in the web's bundle.
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
});
export type GuestJoinBody = z.infer<typeof guestJoinBody>;

/** The guest (a user with `isGuest: true`) and the room; the guest token is the envelope's top-level `token`. */
export const guestJoinData = z.object({ user: userSchema, room: roomSchema });
export type GuestJoinData = z.infer<typeof guestJoinData>;

/**
 * The guest's personal link (`GET /guest/device-link`), to open the same guest on another device, or null when it is
 * off: `{publicUrl}/guest/open#{secret}`, the secret in the fragment, which a browser never sends to a server.
 */
export const guestDeviceLinkSchema = z.object({ url: z.string() });
export type GuestDeviceLink = z.infer<typeof guestDeviceLinkSchema>;

/**
 * `POST /guest/resume`: the personal link's secret, in the body (never in a path or query, so never in a request
 * log); the answer is the join's, with a new guest token for the same guest.
 */
export const guestResumeBody = z.object({
  secret: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a personal link'),
});
export type GuestResumeBody = z.infer<typeof guestResumeBody>;

/**
 * `POST /auth/claim-guest`: the guest token of the guest whose room, RSVP, messages, bills, shares, payments and
 * handles move to the signed-in account (docs/api/README.md#guests); the answer is that room as the account sees it.
 */
export const claimGuestBody = z.object({ guestToken: z.string().min(1, 'Enter the guest token').max(4096) });
export type ClaimGuestBody = z.infer<typeof claimGuestBody>;
