import {
  billEndpoints,
  calendarEndpoints,
  pollEndpoints,
  roomEndpoints,
  venueEndpoints,
  type Guest,
  type Room,
  type RoomPreview,
} from '@outing/contract';
import { mockDelay } from '../delay';
import { fail, ok } from '../envelope';
import { signedIn } from '../request';
import { mockPage, mockRoute } from '../route';
import { asMe, findRoom, isMine, onRoom } from './calls';
import { pictureHandlers } from './pictures';
import { roomWriteHandlers } from './writes';
import { demoRoomsWorld, type MockRoomEntry, type RoomsWorld } from './world';

export { mockRoom, mockRoomDate } from './room';
export { MOCK_ROOM_IDS } from '../demo';
export { demoRoomsWorld, type MockRoomEntry, type RoomsWorld } from './world';

// Mock mode of rooms, their plans, invitations and venues (docs/api/README.md#rooms, #plans, #venues), thin (decision
// 022): every read answers the world as written (world.ts); every write answers a fixed, plausible result built from
// the room and the request (writes.ts), and changes nothing a read answers. Who may do what, capacity and the
// waitlist, joining, inviting and the poll's rules are the server's, tested against it (the `*.server.test.tsx`
// files of app/routes/room, app/routes/room-invites, features/home and features/preview).

function ics(room: Room) {
  const stamp = room.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Outing//mock//EN',
    'BEGIN:VEVENT',
    `UID:${room.id}@outing.mock`,
    `DTSTART:${stamp}`,
    `SUMMARY:${room.name}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The room's attendees: the host alone when the world does not list them. */
export const attendeesOf = ({ room, attendees }: MockRoomEntry) => attendees ?? [room.host];

/** The room's guest list: its attendees, going, when the world does not give one. */
export const guestsOf = (entry: MockRoomEntry): Guest[] =>
  entry.guests ??
  attendeesOf(entry).map((user) => ({
    user,
    rsvp: 'going',
    isMember: true,
    answeredAt: null,
    nudgedAt: null,
  }));

/** What a signed-out visitor reads of a room. */
function preview(room: Room): RoomPreview {
  const { id, name, imageUrl, pictureUrl, date, time, timeZone, startsAt, venue, venueUrl, description } =
    room;
  const { goingCount, capacity, isPrivate, isClosed, url } = room;
  const host = { username: room.host.username, pictureUrl: room.host.pictureUrl };
  const isPast = Date.parse(startsAt) < Date.now();
  return {
    id,
    name,
    imageUrl,
    pictureUrl,
    date,
    time,
    timeZone,
    startsAt,
    venue,
    venueUrl,
    description,
    host,
    goingCount,
    capacity,
    isPrivate,
    isClosed,
    isPast,
    url,
  };
}

/** The handlers of `world` (the demo's unless a test gives its own); `billStatus` adds the bills' consolidation read. */
export function createRoomsHandlers(world: RoomsWorld = demoRoomsWorld(), { billStatus = true } = {}) {
  const mine = (closed: boolean) =>
    world.rooms
      .filter((entry) => isMine(entry) && entry.room.isClosed === closed)
      .map(({ room }) => room)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const invites = () => world.invites.filter((i) => i.status === 'pending' && !i.room.isClosed);

  return [
    ...pictureHandlers(),
    mockRoute(roomEndpoints.preview, async ({ params }) => {
      await mockDelay();
      const entry = findRoom(world, params.id);
      return entry ? ok(preview(entry.room)) : fail(404, 'NOT_FOUND', 'Room not found.');
    }),
    mockRoute(
      roomEndpoints.list,
      signedIn(({ request }) => mockPage(roomEndpoints.list, mine(false), request)),
    ),
    mockRoute(
      roomEndpoints.count,
      signedIn(() => ok({ count: mine(false).length })),
    ),
    mockRoute(
      roomEndpoints.past,
      signedIn(({ request }) => mockPage(roomEndpoints.past, mine(true), request)),
    ),
    mockRoute(
      roomEndpoints.attendees,
      onRoom(
        world,
        ({ entry }) =>
          ok(
            attendeesOf(entry).map((user) => ({
              ...user,
              rsvp: guestsOf(entry).find((g) => g.user.id === user.id)?.rsvp ?? 'going',
            })),
          ),
        true,
      ),
    ),
    mockRoute(
      roomEndpoints.guests,
      onRoom(world, ({ entry }) => ok(guestsOf(entry)), true),
    ),
    mockRoute(
      pollEndpoints.get,
      onRoom(world, ({ entry }) => ok(entry.poll ?? null), true),
    ),
    mockRoute(
      calendarEndpoints.roomIcs,
      onRoom(
        world,
        ({ entry }) =>
          new Response(ics(entry.room), {
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
      signedIn(() => ok(invites())),
    ),
    mockRoute(
      roomEndpoints.inviteCount,
      signedIn(() => ok({ count: invites().length })),
    ),
    mockRoute(
      roomEndpoints.uninvited,
      onRoom(world, ({ entry }) => ok(entry.uninvited ?? []), true),
    ),
    mockRoute(
      venueEndpoints.search,
      asMe((_me, request) => {
        const query = (new URL(request.url).searchParams.get('query') ?? '').trim();
        if (query === '') return fail(400, 'VALIDATION', 'query is required');
        const lower = query.toLowerCase();
        const found = world.venues
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
              ok({ isConsolidated: world.consolidated.includes(String(params.roomId).toLowerCase()) }),
            ),
          ),
        ]
      : []),

    // Last of the reads: GET /rooms/{id} would answer GET /rooms/invites and the like too.
    mockRoute(
      roomEndpoints.get,
      onRoom(world, ({ entry }) => ok(entry.room)),
    ),

    ...roomWriteHandlers(world),
  ];
}

/** Registered in `src/mocks/handlers.ts`; the bills mock answers GET /v1/bills/consolidate/{roomId}. */
export const roomsHandlers = createRoomsHandlers(demoRoomsWorld(), { billStatus: false });
