import { z } from 'zod';
import { successEnvelope, tokenEnvelope } from './envelope.js';
import { email, id, idParam, password, username } from './primitives.js';
import { userDetailSchema } from './shapes.js';
import { oneLineText } from './text.js';

export const otpPurposes = ['verify-email', 'reset-password'] as const;
export const otpPurpose = z.enum(otpPurposes, { error: 'purpose must be verify-email or reset-password' });
export type OtpPurpose = z.infer<typeof otpPurpose>;

/** Emails are compared and stored lower-case. */
const emailInput = z.string().trim().toLowerCase().pipe(email);

export const loginBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(128),
});
export const loginResponse = tokenEnvelope(userDetailSchema);
/** A login-style answer's top-level `token`, beside `data` (docs/api/README.md#authentication). */
export const tokenField = { token: z.string() };

export const googleLoginBody = z.object({
  code: z.string().min(1, 'code is required').max(4096),
  redirectUri: z.url().max(2048).optional(),
});

export const signupBody = z.object({
  username,
  email: emailInput,
  password,
  /**
   * The code of a personal invite link (`/signup?invite=…`, issue #21). Optional; an unknown or replaced code is
   * ignored (the account is created all the same). Once the email is verified, the inviter's friend request waits.
   */
  inviteCode: z.string({ error: 'inviteCode must be text' }).max(200, 'inviteCode is too long').optional(),
});
export const signupResponse = successEnvelope(userDetailSchema);

export const otpBody = z.object({ email: emailInput, purpose: otpPurpose });
export const otpResponse = successEnvelope(z.null());

export const otpCode = z.string().regex(/^\d{6}$/, 'Please enter a valid 6-digit OTP.');
export const verifyBody = z.object({ email: emailInput, otp: otpCode });
/**
 * A verify-email code also signs the account in (issue #21): top-level `token` and `user` as a login gives them,
 * `data` staying null. A reset-password code answers `data.resetToken` only and signs nobody in.
 */
export const verifyData = z.object({ resetToken: z.string() }).nullable();
export const verifySignIn = { token: z.string().optional(), user: userDetailSchema.optional() };
export const verifyResponse = successEnvelope(verifyData).extend(verifySignIn);

export const resetBody = z.object({
  email: emailInput,
  password,
  resetToken: z.string().min(1, 'resetToken is required').max(200),
});
export const resetResponse = successEnvelope(z.null());

export const logoutResponse = successEnvelope(z.null());

export const userIdParams = z.object({ id: idParam });

/** The longest display name, in characters (code points: an emoji or a CJK character counts one). */
export const DISPLAY_NAME_MAX = 40;

/**
 * A display name (docs/api/README.md#users-and-friends): trimmed, 1–40 characters, one line, no invisible characters
 * (a name others read, as a guest's). "" is refused: the contract's range is 1–40.
 */
export const displayName = oneLineText('Display name', {
  invisible: true,
  params: { error: 'Display name must be text' },
})
  .min(1, 'Display name cannot be empty')
  // Counted by code point, as PostgreSQL's char_length (the column's check) counts them.
  .refine((text) => [...text].length <= DISPLAY_NAME_MAX, {
    message: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  });

/** A picture the caller uploaded (`POST /pictures`), or null for none. */
const profilePictureId = z.uuid({ error: 'Choose a picture you uploaded' }).nullable();

/**
 * `PATCH /users/{id}`: one field at a time, `username`, `displayName` or `pictureId` (issue 37 item 4). An unknown
 * field keeps the sentence earlier clients were answered.
 */
export const updateUserBody = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('username'), value: username }),
    z.object({ field: z.literal('displayName'), value: displayName }),
    z.object({ field: z.literal('pictureId'), value: profilePictureId }),
  ],
  { error: 'Only the username can be changed' },
);
export type UpdateUserBody = z.infer<typeof updateUserBody>;
/** What was set (a removed picture's `value` is ""); for a picture, also where it is served (`pictureUrl`). */
export const updateUserData = z.discriminatedUnion('field', [
  z.object({ field: z.literal('username'), value: z.string() }),
  z.object({ field: z.literal('displayName'), value: z.string() }),
  z.object({ field: z.literal('pictureId'), value: z.string(), pictureUrl: z.string() }),
]);
export const updateUserResponse = tokenEnvelope(updateUserData);

export type LoginBody = z.infer<typeof loginBody>;
export type SignupBody = z.infer<typeof signupBody>;
export type VerifyBody = z.infer<typeof verifyBody>;
export type ResetBody = z.infer<typeof resetBody>;
export { id as userId };
