import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as auth } from '@outing/contract';
import { bearerToken } from '../../lib/auth.js';
import { ok } from '../../lib/envelope.js';
import { byIp } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { findUserByLogin, toUserDetail, type UserRow } from '../users/service.js';
import { checkRedirectUri, requireGoogle, userForGoogleProfile } from './google.js';
import { inviterOf, login, requestCode, resetPassword, signOut, signup, verifyCode } from './service.js';

/** Invite-code lookups a minute per address: the sign-up screen asks once; codes are 96 random bits. */
export const INVITE_LOOKUPS_PER_MINUTE = 20;

/**
 * Accounts: docs/api/README.md#authentication, declared in packages/contract/src/endpoints/auth.ts (public but
 * logging out, which is signed in).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, secret, google } = app.deps.auth;
  const ctx = { db, mailer, secret, events: app.deps.events };
  /** The login answer: the user and a fresh token (password and Google sign-in alike). */
  const signedIn = async (user: UserRow) => ({
    ...ok(toUserDetail(user), 'Signed in'),
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

  route(app, auth.login, async (req) => signedIn(await login(ctx, req.body.username, req.body.password)), {
    preHandler: [...app.limiter('login-ip', 10, byIp), ...app.limiter('login-account', 10, loginAccount)],
  });

  route(
    app,
    auth.google,
    async (req) => {
      const g = requireGoogle(google);
      const profile = await g.exchange(
        req.body.code,
        checkRedirectUri(app.deps.config, req.body.redirectUri),
      );
      const user = await userForGoogleProfile(db, profile);
      return signedIn(user);
    },
    { preHandler: app.limiter('login-ip', 10, byIp) },
  );

  route(app, auth.signup, async (req) => ok(await signup(ctx, req.body), 'Check your email for a code'), {
    preHandler: app.limiter('signup-ip', 5, byIp),
  });

  route(app, auth.requestCode, async (req) => {
    await requestCode(ctx, req.body.email, req.body.purpose);
    return ok(null, 'If the account exists, a code is on its way');
  });

  route(
    app,
    auth.verify,
    async (req) => {
      const result = await verifyCode(ctx, req.body.email, req.body.otp);
      if ('resetToken' in result) return ok(result, 'Code accepted');
      // The code proves control of the mailbox, as a reset code would: it signs in like a login (docs/security.md).
      return {
        ...ok(null, 'Email verified'),
        token: await app.tokens.sign(result.user),
        user: toUserDetail(result.user),
      };
    },
    {
      preHandler: [
        ...app.limiter('verify-ip', 10, byIp),
        ...app.limiter('verify-account', 10, bodyField('email')),
      ],
    },
  );

  route(
    app,
    auth.reset,
    async (req) => {
      const { userId, revokedAtMs } = await resetPassword(
        ctx,
        req.body.email,
        req.body.password,
        req.body.resetToken,
      );
      app.deps.events.emitTokensRevoked(userId, revokedAtMs);
      return ok(null, 'Password updated');
    },
    { preHandler: app.limiter('reset-ip', 10, byIp) },
  );

  route(app, auth.logout, async (req) => {
    // This request's token, verified by `authenticate` a moment ago (and cached): only its jti and expiry are read.
    const device = req.body?.everywhere === false ? await app.tokens.verify(bearerToken(req)!) : undefined;
    const { atMs, jti } = await signOut(db, req.user.id, device);
    app.deps.events.emitTokensRevoked(req.user.id, atMs, jti);
    return ok(null, jti === undefined ? 'Signed out' : 'Signed out on this device');
  });

  route(app, auth.inviter, async (req) => ok(await inviterOf(db, req.params.code)), {
    preHandler: app.limiter('invite-lookup-ip', INVITE_LOOKUPS_PER_MINUTE, byIp),
  });
};
