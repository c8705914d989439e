import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountEndpoints,
  changePasswordBody,
  changePasswordResponse,
  confirmationCodeResponse,
  deleteAccountBody,
  deleteAccountResponse,
  errorEnvelopeSchema as e,
  userIdParams,
} from '@outing/contract';
import type { FastifyRequest } from 'fastify';
import { requireSelf } from '../../lib/auth.js';
import { route } from '../../lib/route.js';
import { byIp } from '../../lib/rate-limit.js';
import { getInviteLink, replaceInviteLink, revokeInviteLink } from '../auth/service.js';
import { changePassword, deleteAccount, exportAccount, sendConfirmationCode } from './service.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** Password guesses a minute, per address and per account, as for login (docs/api/README.md#rate-limits). */
export const PROOF_LIMIT_PER_MINUTE = 10;
/** Exports a minute per user: each reads everything the user has. */
export const EXPORTS_PER_MINUTE = 5;

/** Account settings (issue #21, docs/accounts.md): every route is about the caller's own account only. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, jwtSecret, events, config } = app.deps;
  const ctx = { db, mailer, secret: jwtSecret, events, publicUrl: config.publicUrl };
  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string) => ({ tags: ['users'], security: [{ bearer: [] }], summary });
  const errors = { 400: e, 401: e, 403: e, 404: e, 429: e };
  const byUser = (req: FastifyRequest) => `user:${req.user.id}`;
  // Changing the password and deleting the account check a password: limited like login.
  const proofLimits = [
    ...app.limiter('account-proof-ip', PROOF_LIMIT_PER_MINUTE, byIp),
    ...app.limiter('account-proof-user', PROOF_LIMIT_PER_MINUTE, byUser),
  ];

  app.post(
    '/users/:id/confirmation-code',
    {
      ...base,
      schema: {
        ...doc(
          'Mail a 6-digit code to your address, to confirm a new password or deleting your account (self only; one per 30 s, five an hour)',
        ),
        params: userIdParams,
        response: { 200: confirmationCodeResponse, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      return ok(await sendConfirmationCode(ctx, req.user.id), 'A code is on its way to your email');
    },
  );

  app.patch(
    '/users/:id/password',
    {
      ...base,
      preHandler: proofLimits,
      schema: {
        ...doc(
          'Change your password (self only) with your current password or a mailed code (accounts without a password: the code). Every other device is signed out; the answer’s token replaces this device’s.',
        ),
        params: userIdParams,
        body: changePasswordBody,
        response: { 200: changePasswordResponse, ...errors },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.id);
      const { user, revokedAtMs } = await changePassword(ctx, req.user.id, req.body);
      events.emitTokensRevoked(user.id, revokedAtMs);
      reply.header('cache-control', 'no-store');
      return { ...ok(null, 'Password changed'), token: await app.tokens.sign(user) };
    },
  );

  app.delete(
    '/users/:id',
    {
      ...base,
      preHandler: proofLimits,
      schema: {
        ...doc(
          'Delete your account (self only), confirmed by your password or a mailed code. Your personal data is erased and every token stops working; bills, shares, transactions and messages stay for the others under the name “Deleted user” (docs/accounts.md).',
        ),
        params: userIdParams,
        body: deleteAccountBody,
        response: { 200: deleteAccountResponse, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.id);
      const { revokedAtMs } = await deleteAccount(ctx, req.user.id, req.body);
      events.emitTokensRevoked(req.user.id, revokedAtMs);
      return ok(null, 'Account deleted');
    },
  );

  app.get(
    '/users/:id/export',
    {
      ...base,
      preHandler: app.limiter('account-export', EXPORTS_PER_MINUTE, byUser),
      schema: {
        ...doc(
          'Download your data (self only): a JSON file of everything you own or are part of (accountExportSchema in the contract)',
        ),
        params: userIdParams,
        produces: ['application/json'],
        response: { ...errors },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.id);
      const { filename, body } = await exportAccount(ctx, req.user.id);
      body.on('error', (err) => req.log.error({ err }, 'export failed while being written'));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body as never); // a file, not the JSON envelope
    },
  );

  route(app, accountEndpoints.inviteLink, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await getInviteLink(ctx, req.user.id));
  });

  route(app, accountEndpoints.replaceInviteLink, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await replaceInviteLink(ctx, req.user.id), 'Invite link replaced');
  });

  route(app, accountEndpoints.revokeInviteLink, async (req) => {
    await revokeInviteLink(db, req.user.id);
    return ok(null, 'Invite link turned off');
  });
};
