import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints as account } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { changeUsername } from './service.js';

/**
 * The username (docs/api/README.md#users-and-friends), declared in packages/contract/src/endpoints/account.ts
 * (`self`: another user's id is refused before the handler runs).
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, account.updateUsername, async (req) => {
    const row = await changeUsername(app.deps.db, req.user.id, req.body.value);
    app.deps.events.emitUserChanged(row.id);
    const token = await app.tokens.sign(row);
    return { ...ok({ field: 'username' as const, value: row.username }, 'Username updated'), token };
  });
};
