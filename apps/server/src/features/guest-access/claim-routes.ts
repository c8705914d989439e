import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as auth } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { claimGuest } from './claim.js';

/** Claiming a guest into an account (docs/api/README.md#guests): `POST /auth/claim-guest`, for a signed-in account. */
export const guestClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, events } = app.deps;
  const ctx = { db, events, hub: app.hub, tokens: app.tokens, publicUrl: config.publicUrl };
  route(app, auth.claimGuest, async (req) =>
    ok(await claimGuest(ctx, req.user, req.body.guestToken), 'Guest kept in your account'),
  );
};
