import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pollEndpoints as polls } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { cancelPoll, fixDate, getPoll, startPoll, vote } from './service.js';

/**
 * Pick a date together (issue #20 item 8): the host proposes 2–5 dates, members vote, the host fixes one. Declared
 * in packages/contract/src/endpoints/polls.ts; who may call is the service's check (members, the host).
 */
export const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, events } = app.deps;
  const ctx = { db, events, publicUrl: config.publicUrl, defaultCurrency: config.defaultCurrency };

  route(app, polls.get, async (req) => ok(await getPoll(ctx, req.user, req.params.id)));

  route(app, polls.start, async (req) =>
    ok(await startPoll(ctx, req.user, req.params.id, req.body.options), 'Dates proposed'),
  );

  route(app, polls.vote, async (req) =>
    ok(await vote(ctx, req.user, req.params.id, req.params.optionId, req.body.vote), 'Vote saved'),
  );

  route(app, polls.fix, async (req) =>
    ok(await fixDate(ctx, req.user, req.params.id, req.params.optionId), 'Date set'),
  );

  route(app, polls.cancel, async (req) => {
    await cancelPoll(ctx, req.user, req.params.id);
    return ok(null, 'Date poll cancelled');
  });
};
