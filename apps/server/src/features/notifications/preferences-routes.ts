import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints as account } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { getPreferences, setPreferences } from './preferences.js';

/**
 * A user's own preferences: reminders before outings, and notifications and pushes per group (issue #21); declared
 * in packages/contract/src/endpoints/account.ts (`self`: another user's id is refused before the handler runs).
 */
export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, account.preferences, async (req) =>
    ok(await getPreferences(app.deps.db, req.user.id), 'Preferences'),
  );

  route(app, account.savePreferences, async (req) =>
    ok(await setPreferences(app.deps.db, req.user.id, req.body), 'Preferences saved'),
  );
};
