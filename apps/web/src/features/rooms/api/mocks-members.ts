import { http } from 'msw';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import type { RoomPath, RoomsStore } from './mocks-store';

/** Who is in a room (api-contract §6): the attendees, join, leave. */
export function memberHandlers({
  attendeesOf,
  inRoom,
  isMember,
  join,
  joined,
  notMember,
  state,
  touch,
}: RoomsStore) {
  return [
    http.get<RoomPath>(
      `${API_BASE}/rooms/:id/attendees`,
      inRoom(({ me, room }) => (isMember(room, me.id) ? ok(attendeesOf(room, me)) : notMember())),
    ),

    http.patch<RoomPath>(
      `${API_BASE}/rooms/:id/join`,
      inRoom(({ me, room }) => {
        if (room.isClosed) return fail(404, 'NOT_FOUND', 'Room not found, please try again later.');
        if (isMember(room, me.id)) return fail(409, 'CONFLICT', 'User already in room!');
        join(room, me);
        return ok(joined(room, me), 'Joined');
      }, 'Room not found, please try again later.'),
    ),

    http.patch<RoomPath>(
      `${API_BASE}/rooms/:id/leave`,
      inRoom(({ me, room }) => {
        if (!isMember(room, me.id)) return notMember();
        if (room.hostId === me.id) return fail(409, 'CONFLICT', 'Host cannot leave room');
        if (state.unconsolidatedBills.has(room.id)) {
          return fail(409, 'BILLS_UNCONSOLIDATED', 'Cannot leave room with unconsolidated bills!');
        }
        room.members = room.members.filter((id) => id !== me.id);
        touch(room);
        return ok(null, 'Left the room');
      }, 'Room not found!'),
    ),
  ];
}
