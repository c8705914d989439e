import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints as account } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { changeDisplayName, changePicture, changeUsername, ownProfile } from './service.js';

/**
 * Your own account read whole, and its username, display name and profile picture changed
 * (docs/api/README.md#users-and-friends), declared in
 * packages/contract/src/endpoints/account.ts (`self`: another user's id is refused before the handler runs). Every
 * change answers a fresh token: its claims carry the username and the picture.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, account.profile, async (req) => ok(await ownProfile(app.deps.db, req.user.id)));

  route(app, account.updateUsername, async (req) => {
    const { db } = app.deps;
    const me = req.user.id;
    const body = req.body;
    if (body.field === 'username') {
      const row = await changeUsername(db, me, body.value);
      app.deps.events.emitUserChanged(row.id);
      const token = await app.tokens.sign(row);
      return { ...ok({ field: 'username' as const, value: row.username }, 'Username updated'), token };
    }
    if (body.field === 'displayName') {
      const row = await changeDisplayName(db, me, body.value);
      app.deps.events.emitUserChanged(row.id);
      const token = await app.tokens.sign(row);
      return {
        ...ok({ field: 'displayName' as const, value: row.displayName }, 'Display name updated'),
        token,
      };
    }
    const row = await changePicture(db, me, body.value);
    app.deps.events.emitUserChanged(row.id);
    const token = await app.tokens.sign(row);
    const data = { field: 'pictureId' as const, value: body.value ?? '', pictureUrl: row.pictureUrl };
    return { ...ok(data, 'Picture updated'), token };
  });
};
