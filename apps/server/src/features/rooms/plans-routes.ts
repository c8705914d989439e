import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomEndpoints as rooms, type Room } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { explore } from './explore.js';
import { roomGuests } from './lists.js';
import { nudge } from './nudge.js';
import { setRsvp } from './rsvp.js';
import type { RoomsContext } from './service.js';

/** A list of rooms: `nextCursor` beside `data` when it was read a page at a time (docs/pagination.md). */
export const roomsPage = ({ rooms: list, nextCursor }: { rooms: Room[]; nextCursor?: string | null }) =>
  nextCursor === undefined ? ok(list) : { ...ok(list), nextCursor };

/**
 * Planning an outing (docs/api/README.md#plans, issue #20): RSVP, guests, nudges, Explore. Registered by roomRoutes;
 * declared in packages/contract/src/endpoints/rooms.ts.
 */
export const planRoutes = (ctx: RoomsContext): FastifyPluginAsyncZod =>
  async function plans(app) {
    route(app, rooms.explore, async (req) =>
      roomsPage(await explore(ctx.db, req.user.id, ctx.publicUrl, req.query)),
    );
    route(app, rooms.rsvp, async (req) =>
      ok(await setRsvp(ctx, req.user, req.params.id, req.body), 'Answer saved'),
    );
    route(app, rooms.guests, async (req) => ok(await roomGuests(ctx, req.user, req.params.id)));
    route(app, rooms.nudge, async (req) =>
      ok(await nudge(ctx, req.user, req.params.id, req.body?.userIds), 'Nudged'),
    );
  };
