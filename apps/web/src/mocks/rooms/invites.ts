import { roomEndpoints } from '@outing/contract';
import { fail, ok } from '../envelope';
import { readJson } from '../request';
import { mockRoute } from '../route';
import { isPastRoom, joinWithPlan, withPlan } from '../plans/plan-state';
import { userIds, type RoomsStore } from './store';

/** Invitations (docs/api/README.md#rooms): mine and their count, friends not invited yet, invite, accept or decline. */
export function inviteHandlers(store: RoomsStore) {
  const {
    asMe,
    attendeesOf,
    findRoom,
    inRoom,
    invite,
    inviteesProblem,
    isMember,
    myPendingInvites,
    notMember,
    pendingInvite,
    state,
    toInvite,
    toRoom,
    userById,
  } = store;
  return [
    mockRoute(
      roomEndpoints.invites,
      asMe(({ me }) =>
        ok(
          myPendingInvites(me)
            .sort((a, b) => a.createdMinutesAgo - b.createdMinutesAgo)
            .map((i) => {
              const room = state.rooms.find((r) => r.id === i.roomId)!;
              const answer = toInvite(i, room, me);
              // The room as the invitee sees it: their answer is `invited`, the counts are the plan's.
              return { ...answer, room: withPlan(store, answer.room, room, me) };
            }),
        ),
      ),
    ),

    mockRoute(
      roomEndpoints.inviteCount,
      asMe(({ me }) => ok({ count: myPendingInvites(me).length })),
    ),

    mockRoute(
      roomEndpoints.uninvited,
      inRoom(({ me, room }) => {
        if (!isMember(room, me.id)) return notMember();
        return ok(
          [...state.friendIds]
            .filter((id) => !isMember(room, id) && !pendingInvite(room.id, id))
            .map((id) => userById(id, me))
            .sort((a, b) => a.username.localeCompare(b.username)),
        );
      }),
    ),

    mockRoute(
      roomEndpoints.invite,
      inRoom(async ({ me, room, request }) => {
        if (!isMember(room, me.id)) return notMember();
        if (room.isPrivate && room.hostId !== me.id) {
          return fail(401, 'NOT_HOST', 'Only hosts can invite other users');
        }
        if (room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const invitees = userIds((await readJson(request)).invitees).filter((id) => id !== me.id);
        if (invitees.length === 0) return fail(400, 'VALIDATION', 'Invitees are required');
        const problem = inviteesProblem(invitees);
        if (problem) return problem;
        if (invitees.some((id) => isMember(room, id) || pendingInvite(room.id, id))) {
          return fail(409, 'CONFLICT', 'Some of them are already in the room or invited.');
        }
        return ok(invite(room, me, invitees), 'Invites sent');
      }),
    ),

    // Accept or decline: the room must be open and the invite pending (else 404), whatever else is wrong.
    mockRoute(
      roomEndpoints.answerInvite,
      asMe(async ({ me, request, params }) => {
        const body = await readJson(request);
        if (typeof body.accept !== 'boolean') return fail(400, 'VALIDATION', 'accept must be true or false');
        const room = findRoom(params.id);
        const pending = room && !room.isClosed ? pendingInvite(room.id, me.id) : undefined;
        if (!room || !pending) return fail(404, 'NOT_FOUND', 'Room not found, please try again later.');
        if (!body.accept) {
          pending.status = 'declined';
          return ok(null, 'Invite declined');
        }
        const current = withPlan(store, toRoom(room, me), room, me);
        if (isMember(room, me.id)) pending.status = 'accepted';
        else if (isPastRoom(current))
          return fail(409, 'CONFLICT', 'This outing has already started.', undefined, {
            body: { reason: 'ALREADY_STARTED' },
          });
        else joinWithPlan(store, room, me);
        return ok(
          { room: withPlan(store, toRoom(room, me), room, me), attendees: attendeesOf(room, me) },
          'Invite accepted',
        );
      }),
    ),
  ];
}
