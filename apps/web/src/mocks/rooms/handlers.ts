import type { PathParams } from 'msw';
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
import { readJson, signedIn } from '../request';
import { mockPage, mockRoute } from '../route';
import { pictureHandlers } from './pictures';
import { defaultRoomsSeed, mockRoom, type MockRoom, type RoomsMockSeed } from './seed';
import { meOf, mockPictureUrl, roomsView, type RoomsView } from './view';

export { defaultRoomsSeed, mockRoom, mockRoomDate, MOCK_ROOM_IDS, type RoomsMockSeed } from './seed';

// Mock mode of rooms, their plans, invitations and venues (docs/api/README.md#rooms, #plans, #venues), thin (decision
// 022): every read answers the seed as written, for whoever the token names; every write answers a fixed, plausible
// result built from the seed and the request, and changes nothing a read answers. Who may do what, capacity and the
// waitlist, joining, inviting and the poll's rules are the server's, tested against it (the `*.server.test.tsx`
// files of app/routes/room, app/routes/room-invites, features/home and features/preview).

type Call = { me: User; room: MockRoom; request: Request; params: PathParams };

/**
 * The resolver of a call on the room /rooms/{id}…: signed in (else 401), a room of the seed (else 404), and for
 * `members` calls one the seed makes me a member of (else 403, the server's answer to a visitor).
 */
const onRoom = (view: RoomsView, answer: (call: Call) => Response | Promise<Response>, members = false) =>
  signedIn<{ id: string }>(({ claims, request, params }) => {
    const room = view.find(params.id);
    if (!room) return fail(404, 'NOT_FOUND', 'Room not found.');
    const me = meOf(claims);
    if (members && !view.isMember(room, me.id))
      return fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
    return answer({ me, room, request, params });
  });

const asMe = (answer: (me: User, request: Request) => Response | Promise<Response>) =>
  signedIn(({ claims, request }) => answer(meOf(claims), request));

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : []);

/** The room with what a write sent, as the server would answer it (the seed keeps the room as it was). */
function edited(room: Room, body: Record<string, unknown>): Room {
  const date = str(body.date).slice(0, 10);
  const fields = [
    'name',
    'time',
    'venue',
    'description',
    'currency',
    'isPrivate',
    'capacity',
    'timeZone',
  ] as const;
  const sent = Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  return {
    ...room,
    ...sent,
    ...(date
      ? { date: `${date}T00:00:00.000Z`, startsAt: `${date}T${str(body.time) || room.time}:00.000Z` }
      : {}),
    ...(typeof body.imageUrl === 'string' ? { imageUrl: body.imageUrl } : {}),
    ...(body.pictureId !== undefined
      ? { pictureUrl: typeof body.pictureId === 'string' ? mockPictureUrl(body.pictureId) : null }
      : {}),
    ...(typeof body.placeId === 'string' ? { venuePlaceId: body.placeId } : {}),
    updatedAt: new Date().toISOString(),
  };
}

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
  const joined = (me: User, room: MockRoom) => ({
    room: { ...toRoom(room, me), myRsvp: 'going' as const },
    attendees: [...attendees(room, me).filter((u) => u.id !== me.id), me],
  });

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

    // Writes: a fixed answer; the seed stays as it was.
    mockRoute(
      roomEndpoints.create,
      asMe(async (me, request) => {
        // A room of the demo's stands for the one created, with what was sent.
        const body = await readJson(request);
        const input = (body.room ?? {}) as Record<string, unknown>;
        const base = mockRoom({ host: me, hostId: me.id, myRsvp: 'going' });
        const room = { ...edited(base, { ...input, placeId: input.venuePlaceId }), hostId: me.id, host: me };
        const invites = ids(body.invitees).map((userId, n) => ({
          id: 1000 + n,
          roomId: room.id,
          room,
          inviterId: me.id,
          status: 'pending' as const,
          createdAt: room.updatedAt,
        }));
        return ok({ room, invites }, 'Room created');
      }),
    ),
    mockRoute(
      roomEndpoints.edit,
      onRoom(view, async ({ me, room, request }) =>
        ok(edited(toRoom(room, me), await readJson(request)), 'Room updated'),
      ),
    ),
    mockRoute(
      roomEndpoints.close,
      onRoom(view, () => ok(null, 'Room closed')),
    ),
    mockRoute(
      roomEndpoints.leave,
      onRoom(view, () => ok(null, 'Left the room')),
    ),
    mockRoute(
      roomEndpoints.join,
      onRoom(view, ({ me, room }) => ok(joined(me, room), 'Joined')),
    ),
    mockRoute(
      roomEndpoints.answerInvite,
      onRoom(view, async ({ me, room, request }) =>
        (await readJson(request)).accept === false
          ? ok(null, 'Invite declined')
          : ok(joined(me, room), 'Invite accepted'),
      ),
    ),
    mockRoute(
      roomEndpoints.rsvp,
      onRoom(view, async ({ me, room, request }) => {
        const { status } = await readJson(request);
        const rsvp = status === 'maybe' || status === 'declined' ? status : 'going';
        return ok({ room: { ...toRoom(room, me), myRsvp: rsvp }, rsvp }, 'Answer saved');
      }),
    ),
    mockRoute(
      roomEndpoints.nudge,
      onRoom(view, async ({ room, request }) => {
        const pending = seed.invites
          .filter((i) => i.roomId === room.id && i.status === 'pending')
          .map((i) => i.userId);
        const wanted = (await readJson(request)).userIds;
        return ok(
          { nudged: Array.isArray(wanted) ? ids(wanted) : pending, skipped: [], nextNudgeAt: null },
          'Nudged',
        );
      }),
    ),
    mockRoute(
      roomEndpoints.invite,
      onRoom(view, async ({ me, room, request }) => {
        const invitees = ids((await readJson(request)).invitees);
        const invite = view.toInvite(
          { id: 0, roomId: room.id, userId: 0, inviterId: me.id, status: 'pending', createdMinutesAgo: 0 },
          me,
        );
        return ok(
          invitees.map((userId, n) => ({ ...invite, id: 1000 + n, userId })),
          'Invites sent',
        );
      }),
    ),
    mockRoute(
      pollEndpoints.start,
      onRoom(view, async ({ me, room, request }) => {
        const { options } = await readJson(request);
        const list = (Array.isArray(options) ? options : []) as { date: string; time: string }[];
        const poll = list.map((o, n) => ({
          id: 500 + n,
          date: String(o.date),
          time: String(o.time),
          votes: {},
        }));
        return ok(view.poll({ ...room, poll }, me), 'Poll started');
      }),
    ),
    mockRoute(
      pollEndpoints.cancel,
      onRoom(view, () => ok(null, 'Poll cancelled')),
    ),
    mockRoute(
      pollEndpoints.vote,
      onRoom(view, async ({ me, room, request, params }) => {
        const { vote } = await readJson(request);
        const poll = (room.poll ?? []).map((o) =>
          o.id === Number(params.optionId) ? { ...o, votes: { ...o.votes, [me.id]: vote as 'yes' } } : o,
        );
        return ok(view.poll({ ...room, poll }, me), 'Vote saved');
      }),
    ),
    mockRoute(
      pollEndpoints.fix,
      onRoom(view, ({ me, room, params }) => {
        const option = room.poll?.find((o) => o.id === Number(params.optionId));
        const fixed = option ? edited(toRoom(room, me), { ...option }) : toRoom(room, me);
        return ok(fixed, 'Date set');
      }),
    ),
  ];
}

/** Registered in `src/mocks/handlers.ts`; the bills mock answers GET /v1/bills/consolidate/{roomId}. */
export const roomsHandlers = createRoomsHandlers(defaultRoomsSeed(), { billStatus: false });
