import { http } from 'msw';
import { API_BASE } from '../../../lib/api-client';
import { mockDelay } from '../../../mocks/delay';
import { fail, ok } from '../../../mocks/envelope';
import { defaultRoomsSeed, type MockInvite, type MockRoom, type RoomsMockSeed } from './mock-data';
import { createRoomsStore, DAY, json, str, TIME, tooEarly, userIds } from './mock-store';

export { defaultRoomsSeed, mockRoom, mockRoomDate, MOCK_ROOM_IDS, type RoomsMockSeed } from './mock-data';

// Mock mode for rooms and venues (api-contract §6, §9). Each `createRoomsHandlers` call has its own state, so
// tests start afresh with their own seed; "me" is whoever the request's token names.

/**
 * `billStatus` adds GET /v1/bills/consolidate/{roomId} answered from this seed (the room page reads it); the bills
 * feature's own mock answers it in mock mode, so the registered set leaves it out.
 */
export function createRoomsHandlers(
  seed: RoomsMockSeed = defaultRoomsSeed(),
  { billStatus = true }: { billStatus?: boolean } = {},
) {
  const {
    state,
    venues,
    stamps,
    userById,
    touch,
    toRoom,
    toInvite,
    findRoom,
    isMember,
    pendingInvite,
    myOpenRooms,
    myPendingInvites,
    attendeesOf,
    joined,
    join,
    signedIn,
    withRoom,
    notMember,
  } = createRoomsStore(seed);

  type P = { id: string };

  // Whether a room's bills are consolidated (the bills feature owns the call; the room page reads it).
  const billStatusHandler = http.get<{ roomId: string }>(
    `${API_BASE}/bills/consolidate/:roomId`,
    async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.roomId);
      if (found instanceof Response) return found;
      if (!isMember(found.room, found.me.id)) return notMember();
      return ok({ isConsolidated: state.consolidated.has(found.room.id) });
    },
  );

  return [
    http.get(`${API_BASE}/rooms`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      return ok(myOpenRooms(me).map((r) => toRoom(r, me)));
    }),

    http.get(`${API_BASE}/rooms/count`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      return ok({ count: myOpenRooms(me).length });
    }),

    http.get(`${API_BASE}/rooms/public`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      return ok(
        state.rooms
          .filter((r) => !r.isClosed && !r.isPrivate && !isMember(r, me.id) && !pendingInvite(r.id, me.id))
          .map((r) => toRoom(r, me))
          .sort((a, b) => a.date.localeCompare(b.date)),
      );
    }),

    http.get(`${API_BASE}/rooms/invites`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      return ok(
        myPendingInvites(me)
          .sort((a, b) => a.createdMinutesAgo - b.createdMinutesAgo)
          .map((i) =>
            toInvite(
              i,
              state.rooms.find((r) => r.id === i.roomId)!,
              me,
            ),
          ),
      );
    }),

    http.get(`${API_BASE}/rooms/invites/count`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      return ok({ count: myPendingInvites(me).length });
    }),

    http.get(`${API_BASE}/rooms/venues/search`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      const query = (new URL(request.url).searchParams.get('query') ?? '').trim();
      if (query === '') return fail(400, 'VALIDATION', 'query is required');
      const lower = query.toLowerCase();
      const found = venues.filter((v) => `${v.name} ${v.address}`.toLowerCase().includes(lower)).slice(0, 4);
      const typed = {
        name: query,
        address: '',
        googleMapsPlaceId: `local:${lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'venue'}`,
      };
      const exact = found.some((v) => v.name.toLowerCase() === lower);
      return ok(exact ? found : [...found, typed].slice(0, 5));
    }),

    http.post(`${API_BASE}/rooms`, async ({ request }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      const body = await json(request);
      const input = (typeof body.room === 'object' && body.room !== null ? body.room : {}) as Record<
        string,
        unknown
      >;
      const name = str(input.name);
      const date = str(input.date).slice(0, 10);
      const time = str(input.time);
      const venue = str(input.venue);
      const venuePlaceId = str(input.venuePlaceId);
      const image = /^\/imgs\/(birthday|gathering|party|sports|travel|pets)\.png$/.exec(
        str(input.imageUrl),
      )?.[1];
      if (!name) return fail(400, 'VALIDATION', 'Room Name is required');
      if (!venue) return fail(400, 'VALIDATION', 'Venue is required');
      if (!venuePlaceId) return fail(400, 'VALIDATION', 'Please select a venue.');
      if (!DAY.test(date)) return fail(400, 'VALIDATION', 'Date must be an ISO date');
      if (tooEarly(date)) return fail(400, 'VALIDATION', 'Date must be in the future');
      if (!TIME.test(time)) return fail(400, 'VALIDATION', 'Time must be HH:MM');
      const invitees = userIds(body.invitees).filter((id) => id !== me.id);
      if (invitees.some((id) => !state.people.some((p) => p.id === id))) {
        return fail(404, 'NOT_FOUND', 'User not found, please try again later.');
      }
      if (invitees.some((id) => !state.friendIds.has(id))) {
        return fail(400, 'VALIDATION', 'You can only invite your friends.');
      }
      const room: MockRoom = {
        id: crypto.randomUUID(),
        name,
        inDays: 0,
        time,
        venue,
        venuePlaceId,
        image: (image ?? 'birthday') as MockRoom['image'],
        description: str(input.description),
        hostId: me.id,
        members: [me.id],
        isPrivate: input.isPrivate === true,
        updatedMinutesAgo: 0,
      };
      state.rooms.push(room);
      const now = new Date().toISOString();
      stamps.set(room.id, { createdAt: now, updatedAt: now, date: `${date}T00:00:00.000Z` });
      if (!venues.some((v) => v.googleMapsPlaceId === venuePlaceId)) {
        venues.push({ name: venue, address: '', googleMapsPlaceId: venuePlaceId });
      }
      const invites = invitees.map((userId) => {
        const invite: MockInvite = {
          id: state.nextInviteId++,
          roomId: room.id,
          userId,
          inviterId: me.id,
          status: 'pending',
          createdMinutesAgo: 0,
        };
        state.invites.push(invite);
        return toInvite(invite, room, me);
      });
      return ok({ room: toRoom(room, me), invites }, 'Room created');
    }),

    http.get<P>(`${API_BASE}/rooms/:id`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id);
      if (found instanceof Response) return found;
      return ok(toRoom(found.room, found.me));
    }),

    http.get<P>(`${API_BASE}/rooms/:id/attendees`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id);
      if (found instanceof Response) return found;
      if (!isMember(found.room, found.me.id)) return notMember();
      return ok(attendeesOf(found.room, found.me));
    }),

    http.get<P>(`${API_BASE}/rooms/:id/uninvited`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id);
      if (found instanceof Response) return found;
      const { room, me } = found;
      if (!isMember(room, me.id)) return notMember();
      return ok(
        [...state.friendIds]
          .filter((id) => !isMember(room, id) && !pendingInvite(room.id, id))
          .map((id) => userById(id, me))
          .sort((a, b) => a.username.localeCompare(b.username)),
      );
    }),

    http.patch<P>(`${API_BASE}/rooms/:id/edit`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id);
      if (found instanceof Response) return found;
      const { room, me } = found;
      if (room.hostId !== me.id) return fail(403, 'NOT_HOST', 'Only the host can edit this room.');
      if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
      const body = await json(request);
      const date = str(body.date).slice(0, 10);
      if (!str(body.venue)) return fail(400, 'VALIDATION', 'Venue is required');
      if (!str(body.placeId)) return fail(400, 'VALIDATION', 'Please select a venue.');
      if (!DAY.test(date)) return fail(400, 'VALIDATION', 'Date must be an ISO date');
      if (tooEarly(date)) return fail(400, 'VALIDATION', 'Date must be in the future');
      if (!TIME.test(str(body.time))) return fail(400, 'VALIDATION', 'Time must be HH:MM');
      room.venue = str(body.venue);
      room.venuePlaceId = str(body.placeId);
      room.time = str(body.time);
      room.description = str(body.description);
      touch(room);
      stamps.set(room.id, { ...stamps.get(room.id)!, date: `${date}T00:00:00.000Z` });
      return ok(toRoom(room, me), 'Room updated');
    }),

    http.patch<P>(`${API_BASE}/rooms/:id/join`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id, 'Room not found, please try again later.');
      if (found instanceof Response) return found;
      const { room, me } = found;
      if (room.isClosed) return fail(404, 'NOT_FOUND', 'Room not found, please try again later.');
      if (isMember(room, me.id)) return fail(409, 'CONFLICT', 'User already in room!');
      join(room, me);
      return ok(joined(room, me), 'Joined');
    }),

    http.patch<P>(`${API_BASE}/rooms/:id`, async ({ request, params }) => {
      await mockDelay();
      const me = signedIn(request);
      if (me instanceof Response) return me;
      const body = await json(request);
      if (typeof body.accept !== 'boolean') return fail(400, 'VALIDATION', 'accept must be true or false');
      const room = findRoom(params.id);
      const invite = room && !room.isClosed ? pendingInvite(room.id, me.id) : undefined;
      if (!room || !invite) return fail(404, 'NOT_FOUND', 'Room not found, please try again later.');
      if (!body.accept) {
        invite.status = 'declined';
        return ok(null, 'Invite declined');
      }
      if (isMember(room, me.id)) invite.status = 'accepted';
      else join(room, me);
      return ok(joined(room, me), 'Invite accepted');
    }),

    http.post<P>(`${API_BASE}/rooms/:id`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id);
      if (found instanceof Response) return found;
      const { room, me } = found;
      if (!isMember(room, me.id)) return notMember();
      if (room.isPrivate && room.hostId !== me.id) {
        return fail(401, 'NOT_HOST', 'Only hosts can invite other users');
      }
      if (room.isClosed) return fail(409, 'CONFLICT', 'This room is closed.');
      const invitees = userIds((await json(request)).invitees).filter((id) => id !== me.id);
      if (invitees.length === 0) return fail(400, 'VALIDATION', 'Invitees are required');
      if (invitees.some((id) => !state.people.some((p) => p.id === id))) {
        return fail(404, 'NOT_FOUND', 'User not found, please try again later.');
      }
      if (invitees.some((id) => !state.friendIds.has(id))) {
        return fail(400, 'VALIDATION', 'You can only invite your friends.');
      }
      if (invitees.some((id) => isMember(room, id) || pendingInvite(room.id, id))) {
        return fail(409, 'CONFLICT', 'Some of them are already in the room or invited.');
      }
      const created = invitees.map((userId) => {
        const invite: MockInvite = {
          id: state.nextInviteId++,
          roomId: room.id,
          userId,
          inviterId: me.id,
          status: 'pending',
          createdMinutesAgo: 0,
        };
        state.invites.push(invite);
        return toInvite(invite, room, me);
      });
      return ok(created, 'Invites sent');
    }),

    http.patch<P>(`${API_BASE}/rooms/:id/close`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id, 'Room not found!');
      if (found instanceof Response) return found;
      const { room, me } = found;
      if (room.hostId !== me.id) return fail(403, 'NOT_HOST', 'You are not the host of this room!');
      if (room.isClosed) return ok(null, 'Room closed');
      if (state.unconsolidatedBills.has(room.id)) {
        return fail(409, 'BILLS_UNCONSOLIDATED', 'Cannot close room with unconsolidated bills!');
      }
      room.isClosed = true;
      state.invites = state.invites.filter((i) => !(i.roomId === room.id && i.status === 'pending'));
      touch(room);
      return ok(null, 'Room closed');
    }),

    http.patch<P>(`${API_BASE}/rooms/:id/leave`, async ({ request, params }) => {
      await mockDelay();
      const found = withRoom(request, params.id, 'Room not found!');
      if (found instanceof Response) return found;
      const { room, me } = found;
      if (!isMember(room, me.id)) return notMember();
      if (room.hostId === me.id) return fail(409, 'CONFLICT', 'Host cannot leave room');
      if (state.unconsolidatedBills.has(room.id)) {
        return fail(409, 'BILLS_UNCONSOLIDATED', 'Cannot leave room with unconsolidated bills!');
      }
      room.members = room.members.filter((id) => id !== me.id);
      touch(room);
      return ok(null, 'Left the room');
    }),

    ...(billStatus ? [billStatusHandler] : []),
  ];
}

/**
 * Register in `src/mocks/handlers.ts`. They answer GET /v1/rooms/count too (drop `profileRoomCountHandlers`), and
 * leave GET /v1/bills/consolidate/{roomId} to the bills feature's mock.
 */
export const roomsHandlers = createRoomsHandlers(defaultRoomsSeed(), { billStatus: false });
