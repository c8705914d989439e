import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  attendeeSchema,
  answerInviteBody,
  answerInviteResponse,
  countResponse,
  createRoomBody,
  createRoomResponse,
  editRoomBody,
  emptyResponse,
  errorEnvelopeSchema as e,
  inviteBody,
  invitesResponse,
  pageQuery,
  roomIdParams,
  roomResponse,
  roomsResponse,
  roomWithAttendeesResponse,
  successEnvelope,
  usersResponse,
} from '@outing/contract';
import { editRoom } from './edit.js';
import { planRoutes } from './plans-routes.js';
import { attendees, selectInvites, selectRooms, selectRoomsPage } from './queries.js';
import { wantsPage } from '../../lib/cursor.js';
import {
  answerInvite,
  closeRoom,
  createRoom,
  getRoom,
  invite,
  joinRoom,
  leaveRoom,
  requireMember,
} from './service.js';

const attendeesResponse = successEnvelope(z.array(attendeeSchema));

const ok = <T>(data: T, message = 'OK') => ({ status: 'success' as const, message, data });

/** The caller's open rooms: a member, room not closed. */
const mine = (userId: number) =>
  sql`r.is_closed = false AND EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${userId})`;

/** Most recently updated (or closed) first, a page of them when `pageSize` is given. */
const newestFirst = ({ page, pageSize }: { page?: number; pageSize?: number }) =>
  pageSize
    ? sql`ORDER BY r.updated_at DESC, r.id LIMIT ${pageSize} OFFSET ${((page ?? 1) - 1) * pageSize}`
    : sql`ORDER BY r.updated_at DESC, r.id`;

/** Rooms: docs/api/README.md#rooms. */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const ctx = {
    db,
    events: app.deps.events,
    publicUrl: config.publicUrl,
    defaultCurrency: config.defaultCurrency,
    defaultTimeZone: config.defaultTimeZone,
  };
  await app.register(planRoutes(ctx));
  const base = { onRequest: [app.authenticate] };
  const doc = (summary: string) => ({ tags: ['rooms'], security: [{ bearer: [] }], summary });

  app.get(
    '/rooms',
    {
      ...base,
      schema: {
        ...doc('Your open rooms, most recently updated first'),
        querystring: pageQuery,
        response: { 200: roomsResponse, 400: e, 401: e },
      },
    },
    async (req) => {
      if (wantsPage(req.query)) {
        const { rooms, nextCursor } = await selectRoomsPage(
          db,
          req.user.id,
          ctx.publicUrl,
          mine(req.user.id),
          req.query,
          'your rooms',
        );
        return { ...ok(rooms), nextCursor };
      }
      return ok(await selectRooms(db, req.user.id, ctx.publicUrl, mine(req.user.id), newestFirst(req.query)));
    },
  );

  app.get(
    '/rooms/past',
    {
      ...base,
      schema: {
        ...doc(
          'Your past outings: closed rooms you were a member of, most recently closed first (read-only)',
        ),
        querystring: pageQuery,
        response: { 200: roomsResponse, 400: e, 401: e },
      },
    },
    async (req) => {
      const past = sql`r.is_closed AND EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.user_id = ${req.user.id})`;
      if (wantsPage(req.query)) {
        const { rooms, nextCursor } = await selectRoomsPage(
          db,
          req.user.id,
          ctx.publicUrl,
          past,
          req.query,
          'past outings',
        );
        return { ...ok(rooms), nextCursor };
      }
      return ok(await selectRooms(db, req.user.id, ctx.publicUrl, past, newestFirst(req.query)));
    },
  );

  app.get(
    '/rooms/count',
    {
      ...base,
      schema: { ...doc('How many open rooms you are in'), response: { 200: countResponse, 401: e } },
    },
    async (req) => {
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM rooms r WHERE ${mine(req.user.id)}`,
      );
      return ok({ count: rows[0]!.n });
    },
  );

  const pendingInvites = (userId: number) =>
    sql`i.user_id = ${userId} AND i.status = 'pending' AND EXISTS (SELECT 1 FROM rooms r WHERE r.id = i.room_id AND r.is_closed = false)`;

  app.get(
    '/rooms/invites',
    { ...base, schema: { ...doc('Your pending invites'), response: { 200: invitesResponse, 401: e } } },
    async (req) => ok(await selectInvites(db, req.user.id, ctx.publicUrl, pendingInvites(req.user.id))),
  );

  app.get(
    '/rooms/invites/count',
    {
      ...base,
      schema: { ...doc('How many pending invites you have'), response: { 200: countResponse, 401: e } },
    },
    async (req) => {
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM invites i WHERE ${pendingInvites(req.user.id)}`,
      );
      return ok({ count: rows[0]!.n });
    },
  );

  app.post(
    '/rooms',
    {
      ...base,
      schema: {
        ...doc('Create a room; you host it; invitees are notified'),
        body: createRoomBody,
        response: { 200: createRoomResponse, 400: e, 401: e, 404: e },
      },
    },
    async (req) => ok(await createRoom(ctx, req.user, req.body), 'Room created'),
  );

  app.get(
    '/rooms/:id',
    {
      ...base,
      schema: {
        ...doc('A room, to anyone who knows its id'),
        params: roomIdParams,
        response: { 200: roomResponse, 401: e, 404: e },
      },
    },
    async (req) => ok(await getRoom(ctx, req.user, req.params.id)),
  );

  app.get(
    '/rooms/:id/attendees',
    {
      ...base,
      schema: {
        ...doc('The members with their answer, host first'),
        params: roomIdParams,
        response: { 200: attendeesResponse, 401: e, 403: e, 404: e },
      },
    },
    async (req) => {
      await requireMember(ctx, req.user, req.params.id);
      return ok(await attendees(db, req.params.id, req.user.id));
    },
  );

  app.get(
    '/rooms/:id/uninvited',
    {
      ...base,
      schema: {
        ...doc('Your friends who are neither members nor invited'),
        params: roomIdParams,
        response: { 200: usersResponse, 401: e, 403: e, 404: e },
      },
    },
    async (req) => {
      await requireMember(ctx, req.user, req.params.id);
      const { rows } = await db.execute<{
        id: number;
        username: string;
        email: string;
        picture_url: string;
      }>(sql`
        SELECT u.id, u.username, u.email, u.picture_url FROM friendships f JOIN users u ON u.id = f.friend_id
        WHERE f.user_id = ${req.user.id}
          AND NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = ${req.params.id} AND m.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM invites i WHERE i.room_id = ${req.params.id} AND i.user_id = u.id AND i.status = 'pending')
        ORDER BY lower(u.username)`);
      return ok(
        rows.map((u) => ({ id: u.id, username: u.username, email: u.email, pictureUrl: u.picture_url })),
      );
    },
  );

  app.patch(
    '/rooms/:id/edit',
    {
      ...base,
      schema: {
        ...doc(
          'Edit the room (host only): venue, date, time and description, and name, picture, privacy, capacity and ' +
            'time zone when given. Members and invitees are told when the date, time or venue moves',
        ),
        params: roomIdParams,
        body: editRoomBody,
        response: { 200: roomResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => ok(await editRoom(ctx, req.user, req.params.id, req.body), 'Room updated'),
  );

  app.patch(
    '/rooms/:id/join',
    {
      ...base,
      schema: {
        ...doc('Join an open room (public, or private by its link)'),
        params: roomIdParams,
        response: { 200: roomWithAttendeesResponse, 401: e, 404: e, 409: e },
      },
    },
    async (req) => ok(await joinRoom(ctx, req.user, req.params.id), 'Joined'),
  );

  app.patch(
    '/rooms/:id',
    {
      ...base,
      schema: {
        ...doc('Accept or decline your pending invite'),
        params: roomIdParams,
        body: answerInviteBody,
        response: { 200: answerInviteResponse, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (req) =>
      ok(
        await answerInvite(ctx, req.user, req.params.id, req.body.accept),
        req.body.accept ? 'Invite accepted' : 'Invite declined',
      ),
  );

  app.post(
    '/rooms/:id',
    {
      ...base,
      schema: {
        ...doc(
          'Invite friends (any member of a public room; the host of a private one); 409 for someone who declined an invite to the room in the last day',
        ),
        params: roomIdParams,
        body: inviteBody,
        response: { 200: invitesResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => ok(await invite(ctx, req.user, req.params.id, req.body.invitees), 'Invites sent'),
  );

  app.patch(
    '/rooms/:id/close',
    {
      ...base,
      schema: {
        ...doc('Close the room (host only)'),
        params: roomIdParams,
        response: { 200: emptyResponse, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => (await closeRoom(ctx, req.user, req.params.id), ok(null, 'Room closed')),
  );

  app.patch(
    '/rooms/:id/leave',
    {
      ...base,
      schema: {
        ...doc('Leave the room (not the host)'),
        params: roomIdParams,
        response: { 200: emptyResponse, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => (await leaveRoom(ctx, req.user, req.params.id), ok(null, 'Left the room')),
  );
};
