import { roomEndpoints } from '@outing/contract';
import { isCurrency } from '@outing/ledger';
import { okPage } from '../cursor-page';
import { fail, ok } from '../envelope';
import { readJson } from '../request';
import { mockRoute } from '../route';
import { pictureHandlers, pictureIdProblem } from './pictures';
import type { MockRoom } from './seed';
import { DAY, str, TIME, tooEarly, userIds, type RoomsStore } from './store';

/** The server's sentence (contract rooms.ts `roomCapacity`): the server speaks English. */
const CAPACITY_INVALID = 'Capacity must be a whole number from 1 to 10,000';

const PRESET = /^\/imgs\/(birthday|gathering|party|sports|travel|pets)\.png$/;

/** The server's capacity rule (contract rooms.ts `roomCapacity`): null, left out, or a whole 1–10,000. */
function capacityProblem(value: unknown, path: string): Response | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10_000) return null;
  return fail(400, 'VALIDATION', CAPACITY_INVALID, [{ path, message: CAPACITY_INVALID }]);
}

/** An IANA zone this browser's `Intl` knows (the server also asks PostgreSQL). */
function timeZoneProblem(value: unknown, path: string): Response | null {
  if (value === undefined) return null;
  const message = 'Time zone must be an IANA name such as Europe/Paris';
  try {
    if (typeof value === 'string' && value !== '') {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return null;
    }
  } catch {
    // falls through to the refusal
  }
  return fail(400, 'VALIDATION', message, [{ path, message }]);
}

/**
 * The rooms themselves (docs/api/README.md#rooms): my rooms, their count, public rooms, create, edit, close, and one room.
 * GET /rooms/{id} comes last: it would answer /rooms/count and the like too.
 */
export function roomHandlers(store: RoomsStore) {
  const {
    asMe,
    inRoom,
    invite,
    inviteesProblem,
    isMember,
    myOpenRooms,
    pendingInvite,
    stamps,
    state,
    toRoom,
    touch,
    venues,
  } = store;
  return [
    ...pictureHandlers(store),

    mockRoute(
      roomEndpoints.list,
      asMe(({ me, request }) =>
        okPage(
          myOpenRooms(me).map((r) => toRoom(r, me)),
          request,
        ),
      ),
    ),

    mockRoute(
      roomEndpoints.count,
      asMe(({ me }) => ok({ count: myOpenRooms(me).length })),
    ),

    mockRoute(
      roomEndpoints.explore,
      asMe(({ me }) =>
        ok(
          state.rooms
            .filter((r) => !r.isClosed && !r.isPrivate && !isMember(r, me.id) && !pendingInvite(r.id, me.id))
            .map((r) => toRoom(r, me))
            .sort((a, b) => a.date.localeCompare(b.date)),
        ),
      ),
    ),

    // Past outings: closed rooms I am a member of, most recently closed (touched) first.
    mockRoute(
      roomEndpoints.past,
      asMe(({ me, request }) =>
        okPage(
          state.rooms
            .filter((r) => r.isClosed && isMember(r, me.id))
            .map((r) => toRoom(r, me))
            .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
          request,
        ),
      ),
    ),

    mockRoute(
      roomEndpoints.create,
      asMe(async ({ me, request }) => {
        const body = await readJson(request);
        const input = (typeof body.room === 'object' && body.room !== null ? body.room : {}) as Record<
          string,
          unknown
        >;
        const name = str(input.name);
        const date = str(input.date).slice(0, 10);
        const time = str(input.time);
        const venue = str(input.venue);
        const venuePlaceId = str(input.venuePlaceId);
        const image = PRESET.exec(str(input.imageUrl))?.[1];
        if (!name) return fail(400, 'VALIDATION', 'Room Name is required');
        if (!venue) return fail(400, 'VALIDATION', 'Venue is required');
        if (!venuePlaceId) return fail(400, 'VALIDATION', 'Please select a venue.');
        if (!DAY.test(date)) return fail(400, 'VALIDATION', 'Date must be an ISO date');
        if (tooEarly(date)) return fail(400, 'VALIDATION', 'Date must be in the future');
        if (!TIME.test(time)) return fail(400, 'VALIDATION', 'Time must be HH:MM');
        const currency = input.currency === undefined ? 'USD' : str(input.currency);
        if (!isCurrency(currency))
          return fail(400, 'VALIDATION', 'Choose a currency from the list.', [
            { path: 'room.currency', message: `${currency} is not a currency Outing supports` },
          ]);
        const planProblem =
          capacityProblem(input.capacity, 'room.capacity') ??
          timeZoneProblem(input.timeZone, 'room.timeZone') ??
          pictureIdProblem(store, input.pictureId, me.id);
        if (planProblem) return planProblem;
        const invitees = userIds(body.invitees).filter((id) => id !== me.id);
        const problem = inviteesProblem(invitees);
        if (problem) return problem;
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
          // Private unless the host makes it public (issue #20).
          isPrivate: input.isPrivate !== false,
          updatedMinutesAgo: 0,
          currency,
          capacity: typeof input.capacity === 'number' ? input.capacity : null,
          timeZone: typeof input.timeZone === 'string' ? input.timeZone : 'UTC',
          pictureId: typeof input.pictureId === 'string' ? input.pictureId : null,
        };
        state.rooms.push(room);
        const now = new Date().toISOString();
        stamps.set(room.id, { createdAt: now, updatedAt: now, date: `${date}T00:00:00.000Z` });
        if (!venues.some((v) => v.googleMapsPlaceId === venuePlaceId)) {
          venues.push({ name: venue, address: '', googleMapsPlaceId: venuePlaceId });
        }
        return ok({ room: toRoom(room, me), invites: invite(room, me, invitees) }, 'Room created');
      }),
    ),

    mockRoute(
      roomEndpoints.edit,
      inRoom(async ({ me, room, request }) => {
        if (room.hostId !== me.id) return fail(403, 'NOT_HOST', 'Only the host can edit this room.');
        if (room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const body = await readJson(request);
        const date = str(body.date).slice(0, 10);
        if (!str(body.venue)) return fail(400, 'VALIDATION', 'Venue is required');
        if (!str(body.placeId)) return fail(400, 'VALIDATION', 'Please select a venue.');
        if (!DAY.test(date)) return fail(400, 'VALIDATION', 'Date must be an ISO date');
        if (tooEarly(date)) return fail(400, 'VALIDATION', 'Date must be in the future');
        if (!TIME.test(str(body.time))) return fail(400, 'VALIDATION', 'Time must be HH:MM');
        const currency = body.currency === undefined ? undefined : str(body.currency);
        if (currency !== undefined && !isCurrency(currency))
          return fail(400, 'VALIDATION', 'Choose a currency from the list.', [
            { path: 'currency', message: `${currency} is not a currency Outing supports` },
          ]);
        const name = body.name === undefined ? undefined : str(body.name);
        if (name === '') return fail(400, 'VALIDATION', 'Room Name is required');
        if (name !== undefined && name.length > 60)
          return fail(400, 'VALIDATION', 'Room Name must be at most 60 characters');
        const image = body.imageUrl === undefined ? undefined : PRESET.exec(str(body.imageUrl))?.[1];
        if (image === undefined && body.imageUrl !== undefined)
          return fail(400, 'VALIDATION', 'Image must be one of the six room pictures');
        const planProblem =
          capacityProblem(body.capacity, 'capacity') ??
          timeZoneProblem(body.timeZone, 'timeZone') ??
          (body.pictureId === room.pictureId ? null : pictureIdProblem(store, body.pictureId, me.id));
        if (planProblem) return planProblem;
        // The room's bills are the bills mock's: a room seeded with bills (settled or not) refuses a new currency.
        const hasBills = state.consolidated.has(room.id) || state.unconsolidatedBills.has(room.id);
        if (currency !== undefined && currency !== (room.currency ?? 'USD') && hasBills)
          return fail(409, 'CONFLICT', 'The currency cannot change once the room has bills.');
        if (currency !== undefined) room.currency = currency;
        room.venue = str(body.venue);
        room.venuePlaceId = str(body.placeId);
        room.time = str(body.time);
        room.description = str(body.description);
        if (name !== undefined) room.name = name;
        if (image !== undefined) room.image = image as MockRoom['image'];
        if (typeof body.isPrivate === 'boolean') room.isPrivate = body.isPrivate;
        if (body.capacity !== undefined) room.capacity = body.capacity as number | null;
        if (typeof body.timeZone === 'string') room.timeZone = body.timeZone;
        if (body.pictureId !== undefined) room.pictureId = body.pictureId as string | null;
        touch(room);
        stamps.set(room.id, { ...stamps.get(room.id)!, date: `${date}T00:00:00.000Z` });
        return ok(toRoom(room, me), 'Room updated');
      }),
    ),

    mockRoute(
      roomEndpoints.close,
      inRoom(({ me, room }) => {
        if (room.hostId !== me.id) return fail(403, 'NOT_HOST', 'You are not the host of this room!');
        if (room.isClosed) return ok(null, 'Room closed');
        // A room closes with debts outstanding: they stay payable (docs/money.md).
        room.isClosed = true;
        state.invites = state.invites.filter((i) => !(i.roomId === room.id && i.status === 'pending'));
        touch(room);
        return ok(null, 'Room closed');
      }, 'Room not found!'),
    ),

    mockRoute(
      roomEndpoints.get,
      inRoom(({ me, room }) => ok(toRoom(room, me))),
    ),
  ];
}
