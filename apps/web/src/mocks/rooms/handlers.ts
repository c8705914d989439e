import {
  billEndpoints,
  calendarEndpoints,
  guestEndpoints,
  pollEndpoints,
  roomEndpoints,
  venueEndpoints,
  type EndpointDeclaration,
  type Guest,
  type Room,
  type RoomPreview,
} from '@outing/contract';
import { fail, ok } from '../envelope';
import { mockPage, mockPublic, mockRoute, mockSignedIn } from '../route';
import { findRoom, isMine, onRoom } from './calls';
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
  const event = [`UID:${room.id}@outing.mock`, `DTSTART:${stamp}`, `SUMMARY:${room.name}`];
  const calendar = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Outing//mock//EN', 'BEGIN:VEVENT'];
  return [...calendar, ...event, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
}

/** The room's attendees: the host alone when the world does not list them. */
export const attendeesOf = ({ room, attendees }: MockRoomEntry) => attendees ?? [room.host];

/** The room's guest list: its attendees, going, when the world does not give one. */
export const guestsOf = (entry: MockRoomEntry): Guest[] =>
  entry.guests ?? attendeesOf(entry).map((user) => ({ user, ...GOING }));

const GOING = { rsvp: 'going', isMember: true, answeredAt: null, nudgedAt: null } as const;

const PREVIEWED = (
  'id name imageUrl pictureUrl date time timeZone startsAt venue venueUrl description goingCount ' +
  'capacity isPrivate isClosed url'
).split(' ') as (keyof RoomPreview & keyof Room)[];

const pick = <T, K extends keyof T>(value: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;

/** What a signed-out visitor reads of a room: the host's name and picture only. */
const preview = (room: Room): RoomPreview => ({
  ...pick(room, PREVIEWED),
  host: { username: room.host.username, pictureUrl: room.host.pictureUrl },
  isPast: Date.parse(room.startsAt) < Date.now(),
});

/** The handlers of `world` (the demo's unless a test gives its own); `billStatus` adds the bills' consolidation read. */
export function createRoomsHandlers(world: RoomsWorld = demoRoomsWorld(), { billStatus = true } = {}) {
  const mine = (closed: boolean) =>
    world.rooms
      .filter((entry) => isMine(entry) && entry.room.isClosed === closed)
      .map(({ room }) => room)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const invites = () => world.invites.filter((i) => i.status === 'pending' && !i.room.isClosed);

  const members = (endpoint: EndpointDeclaration, answer: (entry: MockRoomEntry) => Response) =>
    mockRoute(endpoint, onRoom(world, ({ entry }) => answer(entry), true) as never);
  const rsvpOf = (entry: MockRoomEntry, id: number) => guestsOf(entry).find((g) => g.user.id === id)?.rsvp;
  const links: Record<string, { url: string } | null> = {}; // host's guest links (issue 35); no guests
  const calendarFile = {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'attachment; filename="outing.ics"',
  };

  return [
    ...pictureHandlers(),
    mockPublic(roomEndpoints.preview, ({ params }) => {
      const entry = findRoom(world, params.id);
      return entry ? ok(preview(entry.room)) : fail(404, 'NOT_FOUND', 'Room not found.');
    }),
    mockSignedIn(roomEndpoints.list, ({ request }) => mockPage(roomEndpoints.list, mine(false), request)),
    mockSignedIn(roomEndpoints.count, () => ok({ count: mine(false).length })),
    mockSignedIn(roomEndpoints.past, ({ request }) => mockPage(roomEndpoints.past, mine(true), request)),
    members(roomEndpoints.attendees, (e) =>
      ok(attendeesOf(e).map((u) => ({ ...u, rsvp: rsvpOf(e, u.id) ?? 'going' }))),
    ),
    members(roomEndpoints.guests, (e) => ok(guestsOf(e))),
    members(pollEndpoints.get, (e) => ok(e.poll ?? null)),
    members(calendarEndpoints.roomIcs, (e) => new Response(ics(e.room), { headers: calendarFile })),
    mockSignedIn(roomEndpoints.invites, () => ok(invites())),
    mockSignedIn(roomEndpoints.inviteCount, () => ok({ count: invites().length })),
    members(roomEndpoints.uninvited, (e) => ok(e.uninvited ?? [])),
    members(guestEndpoints.link, (e) => ok(links[e.room.id] ?? null)),
    members(guestEndpoints.createLink, (e) => ok((links[e.room.id] = { url: `${origin}/g/${e.room.id}` }))),
    members(guestEndpoints.revokeLink, (e) => ok((links[e.room.id] = null))),
    mockSignedIn(venueEndpoints.search, ({ request }) => {
      const query = (new URL(request.url).searchParams.get('query') ?? '').trim();
      if (query === '') return fail(400, 'VALIDATION', 'query is required');
      const lower = query.toLowerCase();
      const found = world.venues.filter((v) => `${v.name} ${v.address}`.toLowerCase().includes(lower));
      const [shown, placeId] = [found.slice(0, 4), `local:${lower.replace(/[^a-z0-9]+/g, '-')}`];
      const typed = { name: query, address: '', googleMapsPlaceId: placeId };
      return ok(found.some((v) => v.name.toLowerCase() === lower) ? shown : [...shown, typed]);
    }),
    ...(billStatus
      ? [
          mockSignedIn(billEndpoints.consolidation, ({ params }) =>
            ok({ isConsolidated: world.consolidated.includes(params.roomId.toLowerCase()) }),
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
