import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dateOptionParams,
  datePollBody,
  datePollResponse,
  dateVoteBody,
  emptyResponse,
  errorEnvelopeSchema as e,
  roomIdParams,
  roomResponse,
} from '@outing/contract';
import { cancelPoll, fixDate, getPoll, startPoll, vote } from './service.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** Pick a date together (issue #20 item 8): the host proposes 2–5 dates, members vote, the host fixes one. */
export const pollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, events } = app.deps;
  const ctx = { db, events, publicUrl: config.publicUrl, defaultCurrency: config.defaultCurrency };
  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string) => ({ tags: ['date polls'], security: [{ bearer: [] }], summary });
  const errors = { 400: e, 401: e, 403: e, 404: e, 409: e };

  app.get(
    '/rooms/:id/date-poll',
    {
      ...base,
      schema: {
        ...doc(
          'The room’s open date poll with every vote, options in date order; null when there is none (members)',
        ),
        params: roomIdParams,
        response: { 200: datePollResponse, ...errors },
      },
    },
    async (req) => ok(await getPoll(ctx, req.user, req.params.id)),
  );

  app.post(
    '/rooms/:id/date-poll',
    {
      ...base,
      schema: {
        ...doc(
          'Propose 2–5 dates and times to vote on, replacing an open poll and its votes (host). Dates not before yesterday, each at most once. Members are notified.',
        ),
        params: roomIdParams,
        body: datePollBody,
        response: { 200: datePollResponse, ...errors },
      },
    },
    async (req) => ok(await startPoll(ctx, req.user, req.params.id, req.body.options), 'Dates proposed'),
  );

  app.put(
    '/rooms/:id/date-poll/:optionId',
    {
      ...base,
      schema: {
        ...doc('Vote yes, maybe or no on one proposed date; voting again changes your vote (members)'),
        params: dateOptionParams,
        body: dateVoteBody,
        response: { 200: datePollResponse, ...errors },
      },
    },
    async (req) =>
      ok(await vote(ctx, req.user, req.params.id, req.params.optionId, req.body.vote), 'Vote saved'),
  );

  app.post(
    '/rooms/:id/date-poll/:optionId/fix',
    {
      ...base,
      schema: {
        ...doc(
          'Fix the room’s date and time to a proposed one (host): the poll ends, and every member and pending invitee is notified',
        ),
        params: dateOptionParams,
        response: { 200: roomResponse, ...errors },
      },
    },
    async (req) => ok(await fixDate(ctx, req.user, req.params.id, req.params.optionId), 'Date set'),
  );

  app.delete(
    '/rooms/:id/date-poll',
    {
      ...base,
      schema: {
        ...doc('Cancel the open date poll without fixing a date (host)'),
        params: roomIdParams,
        response: { 200: emptyResponse, ...errors },
      },
    },
    async (req) => (await cancelPoll(ctx, req.user, req.params.id), ok(null, 'Date poll cancelled')),
  );
};
