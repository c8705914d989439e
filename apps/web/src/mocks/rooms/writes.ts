import { pollEndpoints, roomEndpoints, type DatePoll, type Room, type User } from '@outing/contract';
import { ok } from '../envelope';
import { readJson } from '../request';
import { mockRoute } from '../route';
import { asMe, roomRoute } from './calls';
import { mockPictureUrl, mockRoom } from './room';
import type { MockRoomEntry, RoomsWorld } from './world';

// The rooms mock's writes (decision 022): each answers a fixed, plausible result built from the room and the request;
// the world stays as it was, so no read answers differently afterwards.

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : []);
const NO_VOTES = { yes: 0, maybe: 0, no: 0, myVote: null, votes: [] };
const FIELDS = 'name time venue description currency isPrivate capacity timeZone dateTbd venueTbd'.split(' ');

/** The room with what a write sent, as the server would answer it. */
function edited(room: Room, body: Record<string, unknown>): Room {
  const date = str(body.date).slice(0, 10);
  const sent = Object.fromEntries(FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
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
    // A date or venue to be decided (docs/api/README.md#date-and-venue-tbd): the server's placeholder venue; a date
    // sent without the flag fixes it (as a date poll's fix does).
    ...(body.venueTbd === true ? { venue: 'To be decided', venueUrl: '' } : {}),
    ...(date && body.dateTbd === undefined ? { dateTbd: false } : {}),
    updatedAt: new Date().toISOString(),
  };
}

const joined = (me: User, { room, attendees }: MockRoomEntry) => ({
  room: { ...room, myRsvp: 'going' as const },
  attendees: [...(attendees ?? [room.host]).filter((u) => u.id !== me.id), me],
});

const invitesOf = (room: Room, inviterId: number, userIds: number[]) =>
  userIds.map((userId, n) => {
    const invite = {
      roomId: room.id,
      room,
      inviterId,
      status: 'pending' as const,
      createdAt: room.updatedAt,
    };
    return { id: 1000 + n, userId, ...invite };
  });

/** The poll with my vote on `optionId`. */
function voted(poll: DatePoll, me: User, optionId: number, vote: 'yes' | 'maybe' | 'no'): DatePoll {
  const options = poll.options.map((o) => {
    if (o.id !== optionId) return o;
    const votes = [...o.votes.filter((v) => v.userId !== me.id), { userId: me.id, vote }];
    const tally = (v: string) => votes.filter((x) => x.vote === v).length;
    return { ...o, votes, myVote: vote, yes: tally('yes'), maybe: tally('maybe'), no: tally('no') };
  });
  return { ...poll, options };
}

export function roomWriteHandlers(world: RoomsWorld) {
  const route = roomRoute(world);
  return [
    mockRoute(
      roomEndpoints.create,
      asMe(async (me, request) => {
        // A demo room stands for the one created, with what was sent.
        const body = await readJson(request);
        const input = (body.room ?? {}) as Record<string, unknown>;
        const base = mockRoom({ host: me, hostId: me.id });
        const room = edited(base, { ...input, placeId: input.venuePlaceId });
        return ok({ room, invites: invitesOf(room, me.id, ids(body.invitees)) }, 'Room created');
      }),
    ),
    route(roomEndpoints.edit, async ({ entry, request }) =>
      ok(edited(entry.room, await readJson(request)), 'Room updated'),
    ),
    route(roomEndpoints.close, () => ok(null, 'Room closed')),
    route(roomEndpoints.leave, () => ok(null, 'Left the room')),
    route(roomEndpoints.join, ({ me, entry }) => ok(joined(me, entry), 'Joined')),
    route(roomEndpoints.answerInvite, async ({ me, entry, request }) =>
      (await readJson(request)).accept === false
        ? ok(null, 'Invite declined')
        : ok(joined(me, entry), 'Invite accepted'),
    ),
    route(roomEndpoints.rsvp, async ({ entry, request }) => {
      const { status } = await readJson(request);
      const rsvp = status === 'maybe' || status === 'declined' ? status : 'going';
      return ok({ room: { ...entry.room, myRsvp: rsvp }, rsvp }, 'Answer saved');
    }),
    route(roomEndpoints.nudge, async ({ entry, request }) => {
      const invited = (entry.guests ?? []).filter((g) => g.rsvp === 'invited').map((g) => g.user.id);
      const wanted = (await readJson(request)).userIds;
      return ok(
        { nudged: Array.isArray(wanted) ? ids(wanted) : invited, skipped: [], nextNudgeAt: null },
        'Nudged',
      );
    }),
    route(roomEndpoints.invite, async ({ me, entry, request }) =>
      ok(invitesOf(entry.room, me.id, ids((await readJson(request)).invitees)), 'Invites sent'),
    ),
    route(pollEndpoints.start, async ({ entry, request }) => {
      const { options } = await readJson(request);
      const list = (Array.isArray(options) ? options : []) as { date: string; time: string }[];
      const option = ({ date, time }: { date: string; time: string }, n: number) => {
        const day = String(date).slice(0, 10);
        return {
          id: 500 + n,
          date: `${day}T00:00:00.000Z`,
          time,
          startsAt: `${day}T${time}:00.000Z`,
          ...NO_VOTES,
        };
      };
      return ok({ roomId: entry.room.id, options: list.map(option) }, 'Poll started');
    }),
    route(pollEndpoints.cancel, () => ok(null, 'Poll cancelled')),
    route(pollEndpoints.vote, async ({ me, entry, request, params }) => {
      const vote = (await readJson(request)).vote as 'yes' | 'maybe' | 'no';
      const poll = entry.poll ?? { roomId: entry.room.id, options: [] };
      return ok(voted(poll, me, Number(params.optionId), vote), 'Vote saved');
    }),
    route(pollEndpoints.fix, ({ entry, params }) => {
      const option = entry.poll?.options.find((o) => o.id === Number(params.optionId));
      const date = option?.date.slice(0, 10);
      return ok(option ? edited(entry.room, { date, time: option.time }) : entry.room, 'Date set');
    }),
  ];
}
