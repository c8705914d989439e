import { z } from 'zod';
import { inviteCodeParams, inviterSchema, logoutBody } from '../account.js';
import {
  googleLoginBody,
  loginBody,
  otpBody,
  resetBody,
  signupBody,
  tokenField,
  verifyBody,
  verifyData,
  verifySignIn,
} from '../auth.js';
import { endpoint } from '../endpoint.js';
import { emailNotVerifiedSchema } from '../envelope.js';
import { claimGuestBody } from '../guests.js';
import { roomSchema, userDetailSchema } from '../shapes.js';

const tag = 'auth';

/**
 * Signing up, logging in and out, codes and resets (docs/api/README.md#signing-in-up-and-out). All are public but logging
 * out; the login and Google sign-in answer 401 for the credentials they are sent, not for a missing session.
 */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/auth',
    body: loginBody,
    data: userDetailSchema,
    extra: tokenField,
    errors: [400, 401, 403, 429],
    errorBodies: { 403: emailNotVerifiedSchema },
    access: 'public',
    summary: 'Sign in with username (or email) and password',
    tag,
  }),
  google: endpoint({
    method: 'POST',
    path: '/auth/google',
    body: googleLoginBody,
    data: userDetailSchema,
    extra: tokenField,
    errors: [400, 401, 404, 429, 502],
    access: 'public',
    summary: 'Sign in with an authorisation code of the OpenID provider (Google)',
    tag,
  }),
  signup: endpoint({
    method: 'POST',
    path: '/auth/signup',
    body: signupBody,
    data: userDetailSchema,
    errors: [400, 409, 429],
    access: 'public',
    summary: 'Create an account; a verification code is mailed',
    tag,
  }),
  requestCode: endpoint({
    method: 'POST',
    path: '/auth/otp',
    body: otpBody,
    data: z.null(),
    errors: [400, 404, 409, 429],
    access: 'public',
    summary: 'Mail a new one-time code (verify-email or reset-password)',
    tag,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/auth/verify',
    body: verifyBody,
    data: verifyData,
    extra: verifySignIn,
    errors: [400, 404, 429],
    access: 'public',
    summary:
      'Check a one-time code: a verify-email code verifies the email and signs in (top-level token and user, data null); a reset-password code returns data.resetToken only',
    tag,
  }),
  reset: endpoint({
    method: 'PATCH',
    path: '/auth/reset',
    body: resetBody,
    data: z.null(),
    errors: [400, 429],
    access: 'public',
    summary: 'Set a new password with the reset token from /auth/verify; signs out every session',
    tag,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    // A POST without a body reaches the validator as null (account.ts, logoutBody).
    body: logoutBody.nullish(),
    data: z.null(),
    errors: [400, 401],
    access: 'signedIn',
    guests: 'room',
    summary:
      'Sign out: every token of the caller (no body, or everywhere: true), or with everywhere: false only the token of this request',
    tag,
  }),
  claimGuest: endpoint({
    method: 'POST',
    path: '/auth/claim-guest',
    body: claimGuestBody,
    data: roomSchema,
    errors: [400, 401, 403, 409],
    // The caller is the account (docs/api/README.md#guests): a guest token as the caller is refused 403.
    access: 'signedIn',
    summary:
      "Keep what a guest did: the guest's membership, RSVP, messages, bills, shares, payments and handles move to the signed-in account, and the guest and its tokens are gone; answers the room",
    tag: 'guests',
  }),
  inviter: endpoint({
    method: 'GET',
    path: '/auth/invites/{code}',
    params: inviteCodeParams,
    data: inviterSchema,
    errors: [404, 429],
    access: 'public',
    summary:
      'Who invited you (no token): the username and picture of the owner of a personal invite link, for the sign-up screen',
    tag,
  }),
};
