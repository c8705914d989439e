import { z } from 'zod';
import { preferencesSchema } from './notifications.js';
import { successEnvelope, tokenEnvelope } from './envelope.js';
import { id, isoDateTime, password } from './primitives.js';

/**
 * Account settings (issue #21): per-device sign-out, changing the password, a personal invite link, downloading
 * one's data and deleting the account. Everything here is an addition: the calls of docs/api/README.md#authentication keep their meaning without it.
 */

/**
 * `POST /auth/logout`, body optional (the route takes it `.nullish()`: a POST without a body reaches the validator as
 * null): without it, or with `everywhere: true`, every token of the caller (docs/api/README.md#authentication); `false`: this one only.
 */
export const logoutBody = z.object({
  everywhere: z.boolean({ error: 'everywhere must be true or false' }).optional(),
});

/** A 6-digit code mailed by `POST /users/{id}/confirmation-code`. */
const confirmationCode = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the email.');

/** `POST /users/{id}/confirmation-code` (self): where the code went. */
export const confirmationCodeData = z.object({ email: z.string() });
export const confirmationCodeResponse = successEnvelope(confirmationCodeData);

/**
 * `PATCH /users/{id}/password` (self). Proof that it is you: `currentPassword`, or a `code` from
 * `POST /users/{id}/confirmation-code` (the only way for an account without a password, e.g. Google sign-in).
 */
export const changePasswordBody = z.object({
  currentPassword: z
    .string()
    .min(1, 'Enter your current password.')
    .max(128, 'Password must be at most 128 characters')
    .optional(),
  code: confirmationCode.optional(),
  newPassword: password,
});
/** Every other device is signed out; `token` replaces this device's. */
export const changePasswordResponse = tokenEnvelope(z.null());

/** `DELETE /users/{id}` (self): the password, or a `code` from `POST /users/{id}/confirmation-code`. */
export const deleteAccountBody = z.object({
  password: z
    .string()
    .min(1, 'Enter your password.')
    .max(128, 'Password must be at most 128 characters')
    .optional(),
  code: confirmationCode.optional(),
});
export const deleteAccountResponse = successEnvelope(z.null());

/** `GET` / `POST /users/{id}/invite-link` (self): the personal sign-up link, e.g. `https://…/signup?invite=…`. */
export const inviteLinkSchema = z.object({ url: z.string(), createdAt: isoDateTime });
export type InviteLink = z.infer<typeof inviteLinkSchema>;
export const inviteLinkResponse = successEnvelope(inviteLinkSchema);

/** `GET /auth/invites/{code}` (no token): who invited you, for the sign-up screen; nothing else of them. */
export const inviteCodeParams = z.object({ code: z.string() });
export const inviterSchema = z.object({
  username: z.string(),
  pictureUrl: z.string(),
  /** "" until set (issue 37). */
  displayName: z.string().optional(),
});
export type Inviter = z.infer<typeof inviterSchema>;
export const inviterResponse = successEnvelope(inviterSchema);

/** Another person as the export names them: never their email (friends excepted, in `friends`). */
const person = z.object({ id, username: z.string() });
const when = isoDateTime;

/**
 * `GET /users/{id}/export` (self): the JSON file (an attachment, not the envelope) of everything the user owns or is
 * part of. Amounts are numbers in the major units of their currency, as in every other answer.
 */
export const accountExportSchema = z.object({
  format: z.literal('outing-account-export'),
  version: z.literal(1),
  exportedAt: when,
  profile: z.object({
    id,
    username: z.string(),
    /** "" until set (issue 37); optional for files written before it. */
    displayName: z.string().optional(),
    email: z.string(),
    pictureUrl: z.string(),
    isEmailValid: z.boolean(),
    registeredAt: when,
    lastSeen: when.nullable(),
    hasPassword: z.boolean(),
    /** issuers of linked sign-in providers, e.g. `https://accounts.google.com` */
    signInProviders: z.array(z.string()),
  }),
  preferences: preferencesSchema,
  friends: z.array(
    z.object({ id, username: z.string(), email: z.string(), pictureUrl: z.string(), since: when }),
  ),
  friendRequests: z.array(
    z.object({
      id,
      direction: z.enum(['sent', 'received']),
      other: person,
      status: z.enum(['pending', 'accepted', 'rejected']),
      sentAt: when,
      respondedAt: when.nullable(),
    }),
  ),
  rooms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** the day, `YYYY-MM-DD`, wall-clock in `timeZone` with `time` */
      date: z.string(),
      time: z.string(),
      timeZone: z.string(),
      venue: z.string(),
      description: z.string(),
      currency: z.string(),
      isPrivate: z.boolean(),
      isClosed: z.boolean(),
      isHost: z.boolean(),
      /** the user's answer while a member; null for a room they host but are not in */
      rsvp: z.string().nullable(),
      chatMuted: z.boolean(),
      joinedAt: when.nullable(),
      createdAt: when,
    }),
  ),
  invites: z.array(
    z.object({
      id,
      roomId: z.string(),
      roomName: z.string(),
      direction: z.enum(['sent', 'received']),
      /** the inviter of a received invite, the invitee of a sent one */
      other: person,
      status: z.enum(['pending', 'accepted', 'declined']),
      createdAt: when,
      respondedAt: when.nullable(),
    }),
  ),
  messages: z.array(z.object({ id, roomId: z.string(), content: z.string(), sentAt: when })),
  bills: z.array(
    z.object({
      id,
      roomId: z.string(),
      roomName: z.string(),
      name: z.string(),
      amount: z.number(),
      currency: z.string(),
      createdAt: when,
      paidBy: person,
      createdBy: person,
      consolidationId: id.nullable(),
      shares: z.array(z.object({ userId: id, username: z.string(), amount: z.number() })),
    }),
  ),
  transactions: z.array(
    z.object({
      id,
      roomId: z.string(),
      roomName: z.string(),
      payer: person,
      payee: person,
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      createdAt: when,
      paidOn: when.nullable(),
      confirmedOn: when.nullable(),
    }),
  ),
  paymentMethods: z.array(z.object({ kind: z.string(), value: z.string(), name: z.string().nullable() })),
  notifications: z.array(
    z.object({ id, title: z.string(), content: z.string(), isRead: z.boolean(), createdAt: when }),
  ),
  /** endpoints only: the keys stay with the browser */
  pushSubscriptions: z.array(z.object({ id, endpoint: z.string(), createdAt: when })),
  calendarFeed: z.object({ active: z.boolean(), createdAt: when.nullable() }),
  inviteLink: z.object({ url: z.string(), createdAt: when }).nullable(),
  dateVotes: z.array(z.object({ roomId: z.string(), date: z.string(), time: z.string(), vote: z.string() })),
  pictures: z.array(
    z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number(), createdAt: when }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
