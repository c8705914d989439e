import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailNotVerifiedSchema,
  errorEnvelopeSchema,
  googleLoginBody,
  loginBody,
  loginResponse,
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
import { byIp } from '../../lib/rate-limit.js';
import { findUserByLogin, toUserDetail, type UserRow } from '../users/service.js';
import { checkRedirectUri, requireGoogle, userForGoogleProfile } from './google.js';
import { login, requestCode, resetPassword, revokeTokens, signup, verifyCode } from './service.js';

const e = errorEnvelopeSchema;
const common = { 400: e, 429: e };

/** Accounts: api-contract §3. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, secret, google } = app.deps.auth;
  const ctx = { db, mailer, secret };
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
        summary: 'Check a one-time code: verifies the email, or returns a reset token',
        body: verifyBody,
        response: { 200: verifyResponse, ...common, 404: e },
      },
    },
    async (req) => {
      const data = await verifyCode(ctx, req.body.email, req.body.otp);
      return { status: 'success' as const, message: data ? 'Code accepted' : 'Email verified', data };
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
        summary: 'Sign out: revokes every token of the caller',
        security: [{ bearer: [] }],
        response: { 200: logoutResponse, 401: e },
      },
    },
    async (req) => {
      app.deps.events.emitTokensRevoked(req.user.id, await revokeTokens(db, req.user.id));
      return { status: 'success' as const, message: 'Signed out', data: null };
    },
  );
};
