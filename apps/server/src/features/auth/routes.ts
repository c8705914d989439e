import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailNotVerifiedSchema,
  errorEnvelopeSchema,
  googleLoginBody,
  loginBody,
  inviteCodeParams,
  inviterResponse,
  loginResponse,
  logoutBody,
  logoutResponse,
  otpBody,
  otpResponse,
  resetBody,
  resetResponse,
  signupBody,
  signupResponse,
  verifyBody,
  verifyResponse,
} from '@outing/contract';
import { bearerToken } from '../../lib/auth.js';
import { byIp } from '../../lib/rate-limit.js';
import { findUserByLogin, toUserDetail, type UserRow } from '../users/service.js';
import { checkRedirectUri, requireGoogle, userForGoogleProfile } from './google.js';
import { inviterOf, login, requestCode, resetPassword, signOut, signup, verifyCode } from './service.js';

/** Invite-code lookups a minute per address: the sign-up screen asks once; codes are 96 random bits. */
export const INVITE_LOOKUPS_PER_MINUTE = 20;

const e = errorEnvelopeSchema;
const common = { 400: e, 429: e };

/** Accounts: docs/api/README.md#authentication. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, secret, google } = app.deps.auth;
  const ctx = { db, mailer, secret, events: app.deps.events };
  /** The login answer: the user and a fresh token (password and Google sign-in alike). */
  const signedIn = async (user: UserRow) => ({
    status: 'success' as const,
    message: 'Signed in',
    data: toUserDetail(user),
    token: await app.tokens.sign(user),
  });
  const bodyField = (field: string) => (req: { body: unknown }) => {
    const v = (req.body as Record<string, unknown> | undefined)?.[field];
    return typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  };
  /**
   * Login tries count against the account the name resolves to, so that its username and its email share one
   * budget; a name with no account counts by itself (issue 17).
   */
  const loginAccount = async (req: { body: unknown }) => {
    const name = bodyField('username')(req);
    if (!name) return undefined;
    const user = await findUserByLogin(db, name);
    return user ? `user:${user.id}` : `name:${name}`;
  };

  app.post(
    '/auth',
    {
      preHandler: [...app.limiter('login-ip', 10, byIp), ...app.limiter('login-account', 10, loginAccount)],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username (or email) and password',
        body: loginBody,
        response: { 200: loginResponse, ...common, 401: e, 403: emailNotVerifiedSchema },
      },
    },
    async (req) => {
      const user = await login(ctx, req.body.username, req.body.password);
      return signedIn(user);
    },
  );

  app.post(
    '/auth/google',
    {
      preHandler: app.limiter('login-ip', 10, byIp),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an authorisation code of the OpenID provider (Google)',
        body: googleLoginBody,
        response: { 200: loginResponse, ...common, 401: e, 404: e, 502: e },
      },
    },
    async (req) => {
      const g = requireGoogle(google);
      const profile = await g.exchange(
        req.body.code,
        checkRedirectUri(app.deps.config, req.body.redirectUri),
      );
      const user = await userForGoogleProfile(db, profile);
      return signedIn(user);
    },
  );

  app.post(
    '/auth/signup',
    {
      preHandler: app.limiter('signup-ip', 5, byIp),
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a verification code is mailed',
        body: signupBody,
        response: { 200: signupResponse, ...common, 409: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Check your email for a code',
      data: await signup(ctx, req.body),
    }),
  );

  app.post(
    '/auth/otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new one-time code (verify-email or reset-password)',
        body: otpBody,
        response: { 200: otpResponse, ...common, 404: e, 409: e },
      },
    },
    async (req) => {
      await requestCode(ctx, req.body.email, req.body.purpose);
      return {
        status: 'success' as const,
        message: 'If the account exists, a code is on its way',
        data: null,
      };
    },
  );

  app.post(
    '/auth/verify',
    {
      preHandler: [
        ...app.limiter('verify-ip', 10, byIp),
        ...app.limiter('verify-account', 10, bodyField('email')),
      ],
      schema: {
        tags: ['auth'],
        summary:
          'Check a one-time code: a verify-email code verifies the email and signs in (top-level token and user, data null); a reset-password code returns data.resetToken only',
        body: verifyBody,
        response: { 200: verifyResponse, ...common, 404: e },
      },
    },
    async (req) => {
      const result = await verifyCode(ctx, req.body.email, req.body.otp);
      if ('resetToken' in result)
        return { status: 'success' as const, message: 'Code accepted', data: result };
      // The code proves control of the mailbox, as a reset code would: it signs in like a login (docs/security.md).
      return {
        status: 'success' as const,
        message: 'Email verified',
        data: null,
        token: await app.tokens.sign(result.user),
        user: toUserDetail(result.user),
      };
    },
  );

  app.patch(
    '/auth/reset',
    {
      preHandler: app.limiter('reset-ip', 10, byIp),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the reset token from /auth/verify; signs out every session',
        body: resetBody,
        response: { 200: resetResponse, ...common },
      },
    },
    async (req) => {
      const { userId, revokedAtMs } = await resetPassword(
        ctx,
        req.body.email,
        req.body.password,
        req.body.resetToken,
      );
      app.deps.events.emitTokensRevoked(userId, revokedAtMs);
      return { status: 'success' as const, message: 'Password updated', data: null };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary:
          'Sign out: every token of the caller (no body, or everywhere: true), or with everywhere: false only the token of this request',
        security: [{ bearer: [] }],
        body: logoutBody.nullish(),
        response: { 200: logoutResponse, 400: e, 401: e },
      },
    },
    async (req) => {
      // This request's token, verified by `authenticate` a moment ago (and cached): only its jti and expiry are read.
      const device = req.body?.everywhere === false ? await app.tokens.verify(bearerToken(req)!) : undefined;
      const { atMs, jti } = await signOut(db, req.user.id, device);
      app.deps.events.emitTokensRevoked(req.user.id, atMs, jti);
      const message = jti === undefined ? 'Signed out' : 'Signed out on this device';
      return { status: 'success' as const, message, data: null };
    },
  );

  app.get(
    '/auth/invites/:code',
    {
      preHandler: app.limiter('invite-lookup-ip', INVITE_LOOKUPS_PER_MINUTE, byIp),
      schema: {
        tags: ['auth'],
        summary:
          'Who invited you (no token): the username and picture of the owner of a personal invite link, for the sign-up screen',
        params: inviteCodeParams,
        response: { 200: inviterResponse, 404: e, 429: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await inviterOf(db, req.params.code),
    }),
  );
};
