import type { QueryClient } from '@tanstack/react-query';
import type { Invite, Room, User } from '@outing/contract';
import { updateCursorPages } from '@/lib/cursor-pages';
import { profileRoomCountKey, roomKeys } from '@/lib/query-keys';

/** The lists and counts of "my rooms" are fetched anew (membership or order changed). */
export function refreshMyRooms(queryClient: QueryClient, userId: number): void {
  void queryClient.invalidateQueries({ queryKey: roomKeys.list() });
  void queryClient.invalidateQueries({ queryKey: roomKeys.count(), exact: true });
  void queryClient.invalidateQueries({ queryKey: profileRoomCountKey(userId) });
}

/** After joining: the room and its members as the server answered, and the room leaves "explore". */
export function storeMembership(
  queryClient: QueryClient,
  userId: number,
  { room, attendees }: { room: Room; attendees: User[] },
): void {
  queryClient.setQueryData(roomKeys.detail(room.id), room);
  queryClient.setQueryData(roomKeys.attendees(room.id), attendees);
  queryClient.setQueryData<Room[]>(roomKeys.public(), (rooms) => rooms?.filter((r) => r.id !== room.id));
  refreshMyRooms(queryClient, userId);
}

/** An answered (or joined) invite leaves the list, and the badge count drops. */
export function dropInvite(queryClient: QueryClient, roomId: string): void {
  const before = queryClient.getQueryData<Invite[]>(roomKeys.invites());
  const had = before?.some((invite) => invite.roomId === roomId) ?? false;
  queryClient.setQueryData<Invite[]>(roomKeys.invites(), (invites) =>
    invites?.filter((invite) => invite.roomId !== roomId),
  );
  if (had) {
    queryClient.setQueryData<number>(roomKeys.inviteCount(), (count) =>
      count === undefined ? count : Math.max(0, count - 1),
    );
  } else {
    void queryClient.invalidateQueries({ queryKey: roomKeys.inviteCount() });
  }
}

/** A closed or left room disappears from every local list at once (docs/product.md#states). */
export function forgetRoom(queryClient: QueryClient, userId: number, roomId: string): void {
  updateCursorPages<Room>(queryClient, roomKeys.list(), (rooms) => rooms.filter((r) => r.id !== roomId));
  queryClient.setQueryData<Room[]>(roomKeys.allList(), (rooms) => rooms?.filter((r) => r.id !== roomId));
  queryClient.setQueryData<Room[]>(roomKeys.public(), (rooms) => rooms?.filter((r) => r.id !== roomId));
  refreshMyRooms(queryClient, userId);
}
