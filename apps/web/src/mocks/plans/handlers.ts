import { http, type HttpResponseResolver } from 'msw';
import { calendarEndpoints, NUDGE_INTERVAL_HOURS, pollEndpoints, roomEndpoints } from '@outing/contract';
import { fail, ok } from '../envelope';
import { readJson } from '../request';
import { mockRoute, mockUrl } from '../route';
import type { RoomPath, RoomsStore } from '../rooms/store';
import { DAY, TIME, tooEarly } from '../rooms/store';
import {
  answer,
  guestsOf,
  isPastRoom,
  joinWithPlan,
  planOf,
  pollOf,
  withPlan,
  type PlanInvite,
} from './plan-state';

// Mock mode of a room's plan (docs/api/README.md#plans, issue #20): RSVP, guests, nudges, the date poll and the .ics.
// Registered with the rooms mock (features/rooms/api/mocks-members.ts), whose store holds the state.

type OptionPath = RoomPath & { optionId: string };

const PAST = 'This outing has already started.';
const HOUR = 3_600_000;
let nextOptionId = 500;

function ics(name: string, roomId: string, startsAt: string) {
  const stamp = startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Outing//mock//EN',
    'BEGIN:VEVENT',
    `UID:${roomId}@outing.mock`,
    `DTSTART:${stamp}`,
    `SUMMARY:${name}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export function planHandlers(store: RoomsStore) {
  const { inRoom, isMember, notMember, toRoom, findRoom, pendingInvite, state } = store;
  const roomOf = (room: Parameters<typeof toRoom>[0], me: Parameters<typeof toRoom>[1]) =>
    withPlan(store, toRoom(room, me), room, me);
  const hostOnly = () => fail(403, 'NOT_HOST', 'Only the host can do this.');

  /**
   * GET /rooms/{id} with the plan's fields; any other GET /rooms/<word> goes on to the rooms mock (MSW's `http`, not
   * `mockRoute`: a resolver that passes a call on answers nothing).
   */
  const roomDetail: HttpResponseResolver<RoomPath> = (info) => {
    if (!findRoom(info.params.id)) return undefined;
    return inRoom(({ me, room }) => ok(roomOf(room, me)))(info as never);
  };

  return [
    http.get<RoomPath>(mockUrl(roomEndpoints.get), roomDetail),

    mockRoute(
      roomEndpoints.guests,
      inRoom(({ me, room }) => (isMember(room, me.id) ? ok(guestsOf(store, room, me)) : notMember())),
    ),

    mockRoute(
      roomEndpoints.rsvp,
      inRoom(async ({ me, room, request }) => {
        const { status } = await readJson(request);
        if (status !== 'going' && status !== 'maybe' && status !== 'declined') {
          return fail(400, 'VALIDATION', 'Answer going, maybe or declined');
        }
        if (room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const invite = pendingInvite(room.id, me.id);
        if (isMember(room, me.id)) {
          const rsvp = answer(room, me.id, status);
          store.touch(room);
          return ok({ room: roomOf(room, me), rsvp }, 'Answer saved');
        }
        if (!invite) return notMember();
        if (status === 'declined') {
          invite.status = 'declined';
          return ok({ room: roomOf(room, me), rsvp: 'declined' }, 'Invite declined');
        }
        if (isPastRoom(roomOf(room, me)))
          return fail(409, 'CONFLICT', PAST, undefined, { body: { reason: 'ALREADY_STARTED' } });
        const joined = joinWithPlan(store, room, me);
        const rsvp = status === 'maybe' ? answer(room, me.id, 'maybe') : joined;
        return ok({ room: roomOf(room, me), rsvp }, 'Answer saved');
      }),
    ),

    mockRoute(
      roomEndpoints.nudge,
      inRoom(async ({ me, room, request }) => {
        if (!isMember(room, me.id)) return notMember();
        if (room.hostId !== me.id) return hostOnly();
        const body = await readJson(request);
        const pending = state.invites.filter(
          (i) => i.roomId === room.id && i.status === 'pending',
        ) as PlanInvite[];
        const wanted = Array.isArray(body.userIds) ? body.userIds.map(Number) : pending.map((i) => i.userId);
        if (wanted.some((id) => !pending.some((i) => i.userId === id))) {
          return fail(400, 'VALIDATION', 'You can only nudge people who have not answered yet.');
        }
        const now = Date.now();
        const interval = NUDGE_INTERVAL_HOURS * HOUR;
        const nextAt = (i: PlanInvite) => (i.nudgedAt ? Date.parse(i.nudgedAt) + interval : 0);
        const targets = pending.filter((i) => wanted.includes(i.userId));
        const nudged = targets.filter((i) => nextAt(i) <= now);
        const skipped = targets.filter((i) => nextAt(i) > now);
        const next = skipped.length ? new Date(Math.min(...skipped.map(nextAt))).toISOString() : null;
        if (nudged.length === 0) {
          const seconds = next ? Math.ceil((Date.parse(next) - now) / 1000) : 60;
          return fail(
            429,
            'RATE_LIMITED',
            'They were nudged less than a day ago. You can nudge them again later.',
            undefined,
            { headers: { 'Retry-After': String(seconds) } },
          );
        }
        for (const invite of nudged) invite.nudgedAt = new Date(now).toISOString();
        return ok(
          { nudged: nudged.map((i) => i.userId), skipped: skipped.map((i) => i.userId), nextNudgeAt: next },
          'Nudged',
        );
      }),
    ),

    mockRoute(
      calendarEndpoints.roomIcs,
      inRoom(({ me, room }) => {
        if (!isMember(room, me.id)) return notMember();
        const answerRoom = roomOf(room, me);
        return new Response(ics(answerRoom.name, room.id, answerRoom.startsAt), {
          headers: {
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': 'attachment; filename="outing.ics"',
          },
        });
      }),
    ),

    mockRoute(
      pollEndpoints.get,
      inRoom(({ me, room }) => (isMember(room, me.id) ? ok(pollOf(room, me)) : notMember())),
    ),

    mockRoute(
      pollEndpoints.start,
      inRoom(async ({ me, room, request }) => {
        if (!isMember(room, me.id)) return notMember();
        if (room.hostId !== me.id) return hostOnly();
        if (room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const { options } = await readJson(request);
        const list = Array.isArray(options) ? (options as { date?: unknown; time?: unknown }[]) : [];
        if (list.length < 2) return fail(400, 'VALIDATION', 'Propose at least 2 dates');
        if (list.length > 5) return fail(400, 'VALIDATION', 'Propose at most 5 dates');
        const clean = list.map((o) => ({ date: String(o.date ?? ''), time: String(o.time ?? '') }));
        if (clean.some((o) => !DAY.test(o.date) || !TIME.test(o.time))) {
          return fail(400, 'VALIDATION', 'Each option needs a date and a time.');
        }
        if (clean.some((o) => tooEarly(o.date))) return fail(400, 'VALIDATION', 'Date must be in the future');
        if (new Set(clean.map((o) => `${o.date} ${o.time}`)).size !== clean.length) {
          return fail(400, 'VALIDATION', 'Each option must be a different date or time.');
        }
        planOf(room).poll = clean.map((o) => ({ id: nextOptionId++, ...o, votes: {} }));
        return ok(pollOf(room, me), 'Poll started');
      }),
    ),

    mockRoute(
      pollEndpoints.cancel,
      inRoom(({ me, room }) => {
        if (!isMember(room, me.id)) return notMember();
        if (room.hostId !== me.id) return hostOnly();
        planOf(room).poll = null;
        return ok(null, 'Poll cancelled');
      }),
    ),

    mockRoute(
      pollEndpoints.vote,
      inOption(store, async ({ me, room, request, option }) => {
        const { vote } = await readJson(request);
        if (vote !== 'yes' && vote !== 'maybe' && vote !== 'no') {
          return fail(400, 'VALIDATION', 'Vote yes, maybe or no');
        }
        option.votes = { ...option.votes, [me.id]: vote };
        return ok(pollOf(room, me), 'Vote saved');
      }),
    ),

    mockRoute(
      pollEndpoints.fix,
      inOption(store, ({ me, room, option }) => {
        if (room.hostId !== me.id) return hostOnly();
        store.touch(room);
        store.stamps.set(room.id, { ...store.stamps.get(room.id)!, date: `${option.date}T00:00:00.000Z` });
        room.time = option.time;
        planOf(room).poll = null;
        return ok(roomOf(room, me), 'Date set');
      }),
    ),
  ];
}

type OptionCall = {
  me: Parameters<RoomsStore['toRoom']>[1];
  room: Parameters<RoomsStore['toRoom']>[0];
  request: Request;
  option: NonNullable<ReturnType<typeof planOf>['poll']>[number];
};

/** A call on one option of the room's open poll: members only (403), unknown option 404. */
function inOption(store: RoomsStore, answerCall: (call: OptionCall) => Response | Promise<Response>) {
  return store.asMe<OptionPath>(({ me, request, params }) => {
    const room = store.findRoom(params.id);
    if (!room) return fail(404, 'NOT_FOUND', 'Room not found.');
    if (!store.isMember(room, me.id)) return store.notMember();
    const option = planOf(room).poll?.find((o) => o.id === Number(params.optionId));
    if (!option) return fail(404, 'NOT_FOUND', 'That date is no longer in the poll.');
    return answerCall({ me, room, request, option });
  });
}
