import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomEndpoints as rooms } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { editRoom } from './edit.js';
import {
  listRooms,
  pendingInviteCount,
  pendingInvites,
  roomAttendees,
  roomCount,
  uninvited,
} from './lists.js';
import { planRoutes, roomsPage } from './plans-routes.js';
import {
  answerInvite,
  closeRoom,
  createRoom,
  getRoom,
  invite,
  joinRoom,
  leaveRoom,
  type RoomsContext,
} from './service.js';

/** Rooms: docs/api/README.md#rooms; declared in packages/contract/src/endpoints/rooms.ts. */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const ctx: RoomsContext = {
    db,
    events: app.deps.events,
    publicUrl: config.publicUrl,
    defaultCurrency: config.defaultCurrency,
    defaultTimeZone: config.defaultTimeZone,
  };
  await app.register(planRoutes(ctx));

  route(app, rooms.list, async (req) => roomsPage(await listRooms(ctx, req.user, req.query)));
  route(app, rooms.past, async (req) => roomsPage(await listRooms(ctx, req.user, req.query, true)));
  route(app, rooms.count, async (req) => ok(await roomCount(ctx, req.user)));
  route(app, rooms.invites, async (req) => ok(await pendingInvites(ctx, req.user)));
  route(app, rooms.inviteCount, async (req) => ok(await pendingInviteCount(ctx, req.user)));
  route(app, rooms.create, async (req) => ok(await createRoom(ctx, req.user, req.body), 'Room created'));
  route(app, rooms.get, async (req) => ok(await getRoom(ctx, req.user, req.params.id)));
  route(app, rooms.attendees, async (req) => ok(await roomAttendees(ctx, req.user, req.params.id)));
  route(app, rooms.uninvited, async (req) => ok(await uninvited(ctx, req.user, req.params.id)));
  route(app, rooms.edit, async (req) =>
    ok(await editRoom(ctx, req.user, req.params.id, req.body), 'Room updated'),
  );
  route(app, rooms.join, async (req) => ok(await joinRoom(ctx, req.user, req.params.id), 'Joined'));
  route(app, rooms.answerInvite, async (req) =>
    ok(
      await answerInvite(ctx, req.user, req.params.id, req.body.accept),
      req.body.accept ? 'Invite accepted' : 'Invite declined',
    ),
  );
  route(app, rooms.invite, async (req) =>
    ok(await invite(ctx, req.user, req.params.id, req.body.invitees), 'Invites sent'),
  );
  route(
    app,
    rooms.close,
    async (req) => (await closeRoom(ctx, req.user, req.params.id), ok(null, 'Room closed')),
  );
  route(
    app,
    rooms.leave,
    async (req) => (await leaveRoom(ctx, req.user, req.params.id), ok(null, 'Left the room')),
  );
};
