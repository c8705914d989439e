import { roomEndpoints } from '@outing/contract';
import { fail, ok } from '../envelope';
import { mockRoute } from '../route';
import { planHandlers } from '../plans/handlers';
import { isPastRoom, joinWithPlan, leaveWithPlan, rsvpOf, withPlan } from '../plans/plan-state';
import type { RoomsStore } from './store';

/**
 * Who is in a room (docs/api/README.md#rooms, #plans): the attendees with their answers, join (waitlisted when full, refused
 * once the outing has started), leave (which frees a place for the waitlist), and the plan's calls.
 */
export function memberHandlers(store: RoomsStore) {
  const { attendeesOf, inRoom, isMember, notMember, state, touch, toRoom } = store;
  return [
    ...planHandlers(store),

    mockRoute(
      roomEndpoints.attendees,
      inRoom(({ me, room }) =>
        isMember(room, me.id)
          ? ok(attendeesOf(room, me).map((user) => ({ ...user, rsvp: rsvpOf(room, user.id) })))
          : notMember(),
      ),
    ),

    mockRoute(
      roomEndpoints.join,
      inRoom(({ me, room }) => {
        if (room.isClosed) return fail(404, 'NOT_FOUND', 'Room not found, please try again later.');
        if (isMember(room, me.id))
          return fail(409, 'CONFLICT', 'User already in room!', undefined, {
            body: { reason: 'ALREADY_MEMBER' },
          });
        if (isPastRoom(withPlan(store, toRoom(room, me), room, me))) {
          return fail(409, 'CONFLICT', 'This outing has already started.', undefined, {
            body: { reason: 'ALREADY_STARTED' },
          });
        }
        joinWithPlan(store, room, me);
        return ok(
          { room: withPlan(store, toRoom(room, me), room, me), attendees: attendeesOf(room, me) },
          'Joined',
        );
      }, 'Room not found, please try again later.'),
    ),

    mockRoute(
      roomEndpoints.leave,
      inRoom(({ me, room }) => {
        if (!isMember(room, me.id)) return notMember();
        if (room.hostId === me.id) return fail(409, 'CONFLICT', 'Host cannot leave room');
        if (state.unconsolidatedBills.has(room.id)) {
          // Demo state: someone still owes or is owed here (the server names what, to and by whom).
          return fail(409, 'CONFLICT', 'You can leave once you are square here: you owe $12.00 to chloe.');
        }
        leaveWithPlan(room, me.id);
        touch(room);
        return ok(null, 'Left the room');
      }, 'Room not found!'),
    ),
  ];
}
