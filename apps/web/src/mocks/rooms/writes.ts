import { pollEndpoints, roomEndpoints, type Room, type User } from '@outing/contract';
import { ok } from '../envelope';
import { readJson } from '../request';
import { mockRoute } from '../route';
import { asMe, onRoom } from './calls';
import { mockRoom, type MockRoom } from './seed';
import { mockPictureUrl, type RoomsView } from './view';

// The rooms mock's writes (decision 022): each answers a fixed, plausible result built from the seed and the
// request; the seed stays as it was, so no read answers differently afterwards.

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

export function roomWriteHandlers(view: RoomsView) {
  const { seed, toRoom, attendees } = view;
  const joined = (me: User, room: MockRoom) => ({
    room: { ...toRoom(room, me), myRsvp: 'going' as const },
    attendees: [...attendees(room, me).filter((u) => u.id !== me.id), me],
  });
  return [
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
