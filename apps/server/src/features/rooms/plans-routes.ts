import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema as e,
  exploreQuery,
  exploreResponse,
  guestsResponse,
  nudgeBody,
  nudgeResponse,
  roomIdParams,
  rsvpBody,
  rsvpResponse,
} from '@outing/contract';
import { explore } from './explore.js';
import { guests } from './guests.js';
import { nudge } from './nudge.js';
import { setRsvp } from './rsvp.js';
import { requireMember, type RoomsContext } from './service.js';

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** Planning an outing (docs/api/README.md#plans, issue #20): RSVP, guests, nudges, Explore. Registered by roomRoutes. */
export const planRoutes = (ctx: RoomsContext): FastifyPluginAsyncZod =>
  async function plans(app) {
    const base = { onRequest: [app.authenticate] };
    const doc = (summary: string) => ({ tags: ['rooms'], security: [{ bearer: [] }], summary });

    app.get(
      '/rooms/public',
      {
        ...base,
        schema: {
          ...doc(
            'Explore: upcoming open public rooms you are not in and have no pending invite to, soonest first; ' +
              'q searches name and venue; with limit, pages (pass nextCursor back as cursor)',
          ),
          querystring: exploreQuery,
          response: { 200: exploreResponse, 400: e, 401: e },
        },
      },
      async (req) => {
        const { rooms, nextCursor } = await explore(ctx.db, req.user.id, ctx.publicUrl, req.query);
        return nextCursor === undefined ? ok(rooms) : { ...ok(rooms), nextCursor };
      },
    );

    app.patch(
      '/rooms/:id/rsvp',
      {
        ...base,
        schema: {
          ...doc(
            'Your answer: going, maybe or declined. A pending invitee’s going or maybe accepts the invite; when ' +
              'the room is full, going puts you on the waitlist',
          ),
          params: roomIdParams,
          body: rsvpBody,
          response: { 200: rsvpResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (req) => ok(await setRsvp(ctx, req.user, req.params.id, req.body), 'Answer saved'),
    );

    app.get(
      '/rooms/:id/guests',
      {
        ...base,
        schema: {
          ...doc(
            'Everyone asked (members only): members with their answer, then pending and declined invitees',
          ),
          params: roomIdParams,
          response: { 200: guestsResponse, 401: e, 403: e, 404: e },
        },
      },
      async (req) => {
        await requireMember(ctx, req.user, req.params.id);
        return ok(await guests(ctx.db, req.params.id, req.user.id));
      },
    );

    app.post(
      '/rooms/:id/nudge',
      {
        ...base,
        schema: {
          ...doc(
            'Remind pending invitees to answer (host only); each at most once in NUDGE_INTERVAL_HOURS (429 when ' +
              'none can be nudged yet)',
          ),
          params: roomIdParams,
          // The body may be left out: nudge everyone pending.
          body: nudgeBody.nullish(),
          response: { 200: nudgeResponse, 400: e, 401: e, 403: e, 404: e, 409: e, 429: e },
        },
      },
      async (req) => ok(await nudge(ctx, req.user, req.params.id, req.body?.userIds), 'Nudged'),
    );
  };
