import { useQuery } from '@tanstack/react-query';
import type { User } from '@outing/contract';
import { attendeesQueryOptions } from '@/entities/room/get-attendees';
import { roomQueryOptions } from '@/entities/room/get-room';

// The room (name, host, closed) and its members, read as the room page reads them (rooms/api): one call and one
// cache entry each, whichever screen asks first.

export function useBillRoom(roomId: string) {
  return useQuery(roomQueryOptions(roomId));
}

/**
 * `initial` (the attendees in navigation state) shows at once; the server's list replaces it. Read afresh each
 * time a bill form opens, however recent the room page's copy (issue 37): someone who joined a moment ago, whose
 * ROOM_UPDATED frame this device missed, is in the split (the form follows the list, use-everyone-follows.ts).
 */
export function useBillAttendees(roomId: string, initial?: User[]) {
  return useQuery({
    ...attendeesQueryOptions(roomId),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchOnMount: 'always',
  });
}
