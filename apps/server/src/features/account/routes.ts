import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints as account } from '@outing/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { byIp } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { getInviteLink, replaceInviteLink, revokeInviteLink } from '../auth/service.js';
import { changePassword, deleteAccount, exportAccount, sendConfirmationCode } from './service.js';

/** Password guesses a minute, per address and per account, as for login (docs/api/README.md#rate-limits). */
export const PROOF_LIMIT_PER_MINUTE = 10;
/** Exports a minute per user: each reads everything the user has. */
export const EXPORTS_PER_MINUTE = 5;

/**
 * Account settings (issue #21, docs/accounts.md), declared in packages/contract/src/endpoints/account.ts: every
 * route is about the caller's own account only (`self`: another user's id is refused before the handler runs).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, jwtSecret, events, config } = app.deps;
  const ctx = { db, mailer, secret: jwtSecret, events, publicUrl: config.publicUrl };
  const byUser = (req: FastifyRequest) => `user:${req.user.id}`;
  // Changing the password and deleting the account check a password: limited like login.
  const proofLimits = [
    ...app.limiter('account-proof-ip', PROOF_LIMIT_PER_MINUTE, byIp),
    ...app.limiter('account-proof-user', PROOF_LIMIT_PER_MINUTE, byUser),
  ];

  route(app, account.confirmationCode, async (req) =>
    ok(await sendConfirmationCode(ctx, req.user.id), 'A code is on its way to your email'),
  );

  route(
    app,
    account.changePassword,
    async (req, reply) => {
      const { user, revokedAtMs } = await changePassword(ctx, req.user.id, req.body);
      events.emitTokensRevoked(user.id, revokedAtMs);
      reply.header('cache-control', 'no-store');
      return { ...ok(null, 'Password changed'), token: await app.tokens.sign(user) };
    },
    { preHandler: proofLimits },
  );

  route(
    app,
    account.deleteAccount,
    async (req) => {
      const { revokedAtMs } = await deleteAccount(ctx, req.user.id, req.body);
      events.emitTokensRevoked(req.user.id, revokedAtMs);
      return ok(null, 'Account deleted');
    },
    { preHandler: proofLimits },
  );

  route(
    app,
    account.export,
    async (req, reply) => {
      const { filename, body } = await exportAccount(ctx, req.user.id);
      body.on('error', (err) => req.log.error({ err }, 'export failed while being written'));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body as never); // a file, not the JSON envelope
    },
    { preHandler: app.limiter('account-export', EXPORTS_PER_MINUTE, byUser) },
  );

  route(app, account.inviteLink, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await getInviteLink(ctx, req.user.id));
  });

  route(app, account.replaceInviteLink, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await replaceInviteLink(ctx, req.user.id), 'Invite link replaced');
  });

  route(app, account.revokeInviteLink, async (req) => {
    await revokeInviteLink(db, req.user.id);
    return ok(null, 'Invite link turned off');
  });
};
