import {
  billEndpoints,
  calendarEndpoints,
  pollEndpoints,
  roomEndpoints,
  venueEndpoints,
  type Room,
  type User,
} from '@outing/contract';
import { mockDelay } from '../delay';
import { fail, ok } from '../envelope';
import { signedIn } from '../request';
import { mockPage, mockRoute } from '../route';
import { asMe, onRoom } from './calls';
import { pictureHandlers } from './pictures';
import { defaultRoomsSeed, type RoomsMockSeed } from './seed';
import { roomsView } from './view';
import { roomWriteHandlers } from './writes';

export { defaultRoomsSeed, mockRoom, mockRoomDate, MOCK_ROOM_IDS, type RoomsMockSeed } from './seed';

// Mock mode of rooms, their plans, invitations and venues (docs/api/README.md#rooms, #plans, #venues), thin (decision
// 022): every read answers the seed as written, for whoever the token names; every write answers a fixed, plausible
// result built from the seed and the request (writes.ts), and changes nothing a read answers. Who may do what, capacity and the
// waitlist, joining, inviting and the poll's rules are the server's, tested against it (the `*.server.test.tsx`
// files of app/routes/room, app/routes/room-invites, features/home and features/preview).

function ics(room: Room) {
  const stamp = room.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Outing//mock//EN', 'BEGIN:VEVENT'];
  lines.push(
    `UID:${room.id}@outing.mock`,
    `DTSTART:${stamp}`,
    `SUMMARY:${room.name}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  );
  return lines.join('\r\n');
}

/**
 * The handlers of `seed` (the demo world unless a test gives its own). `billStatus` adds GET
 * /v1/bills/consolidate/{roomId} from the seed (the room page reads it); the bills mock answers it in mock mode.
 */
export function createRoomsHandlers(
  seed: RoomsMockSeed = defaultRoomsSeed(),
  { billStatus = true }: { billStatus?: boolean } = {},
) {
  const view = roomsView(seed);
  const { toRoom, isMember, attendees } = view;
  const mine = (me: User, closed: boolean) =>
    seed.rooms
      .filter((r) => (r.isClosed ?? false) === closed && isMember(r, me.id))
      .sort((a, b) => a.updatedMinutesAgo - b.updatedMinutesAgo)
      .map((r) => toRoom(r, me));
  const myInvites = (me: User) =>
    seed.invites
      .filter((i) => i.userId === me.id && i.status === 'pending' && !view.find(i.roomId)?.isClosed)
      .sort((a, b) => a.createdMinutesAgo - b.createdMinutesAgo);

  return [
    ...pictureHandlers(),
    mockRoute(roomEndpoints.preview, async ({ params }) => {
      await mockDelay();
      const room = view.find(params.id);
      return room ? ok(view.preview(room)) : fail(404, 'NOT_FOUND', 'Room not found.');
    }),
    mockRoute(
      roomEndpoints.list,
      asMe((me, request) => mockPage(roomEndpoints.list, mine(me, false), request)),
    ),
    mockRoute(
      roomEndpoints.count,
      asMe((me) => ok({ count: mine(me, false).length })),
    ),
    mockRoute(
      roomEndpoints.past,
      asMe((me, request) => mockPage(roomEndpoints.past, mine(me, true), request)),
    ),
    mockRoute(
      roomEndpoints.attendees,
      onRoom(
        view,
        ({ me, room }) =>
          ok(attendees(room, me).map((user) => ({ ...user, rsvp: room.rsvps?.[user.id] ?? 'going' }))),
        true,
      ),
    ),
    mockRoute(
      roomEndpoints.guests,
      onRoom(view, ({ me, room }) => ok(view.guests(room, me)), true),
    ),
    mockRoute(
      pollEndpoints.get,
      onRoom(view, ({ me, room }) => ok(view.poll(room, me)), true),
    ),
    mockRoute(
      calendarEndpoints.roomIcs,
      onRoom(
        view,
        ({ me, room }) =>
          new Response(ics(toRoom(room, me)), {
            headers: {
              'Content-Type': 'text/calendar; charset=utf-8',
              'Content-Disposition': 'attachment; filename="outing.ics"',
            },
          }),
        true,
      ),
    ),
    mockRoute(
      roomEndpoints.invites,
      asMe((me) => ok(myInvites(me).map((i) => view.toInvite(i, me)))),
    ),
    mockRoute(
      roomEndpoints.inviteCount,
      asMe((me) => ok({ count: myInvites(me).length })),
    ),
    mockRoute(
      roomEndpoints.uninvited,
      onRoom(
        view,
        ({ me, room }) =>
          ok(
            seed.friendIds
              .filter((id) => !isMember(room, id) && !view.pendingInvite(room.id, id))
              .map((id) => view.person(id, me))
              .sort((a, b) => a.username.localeCompare(b.username)),
          ),
        true,
      ),
    ),
    mockRoute(
      venueEndpoints.search,
      asMe((_me, request) => {
        const query = (new URL(request.url).searchParams.get('query') ?? '').trim();
        if (query === '') return fail(400, 'VALIDATION', 'query is required');
        const lower = query.toLowerCase();
        const found = seed.venues
          .filter((v) => `${v.name} ${v.address}`.toLowerCase().includes(lower))
          .slice(0, 4);
        const typed = {
          name: query,
          address: '',
          googleMapsPlaceId: `local:${lower.replace(/[^a-z0-9]+/g, '-')}`,
        };
        return ok(found.some((v) => v.name.toLowerCase() === lower) ? found : [...found, typed]);
      }),
    ),
    ...(billStatus
      ? [
          mockRoute(
            billEndpoints.consolidation,
            signedIn(({ params }) =>
              ok({ isConsolidated: seed.consolidated.includes(String(params.roomId).toLowerCase()) }),
            ),
          ),
        ]
      : []),

    // Last of the reads: GET /rooms/{id} would answer GET /rooms/invites and the like too.
    mockRoute(
      roomEndpoints.get,
      onRoom(view, ({ me, room }) => ok(toRoom(room, me))),
    ),

    ...roomWriteHandlers(view),
  ];
}

/** Registered in `src/mocks/handlers.ts`; the bills mock answers GET /v1/bills/consolidate/{roomId}. */
export const roomsHandlers = createRoomsHandlers(defaultRoomsSeed(), { billStatus: false });
