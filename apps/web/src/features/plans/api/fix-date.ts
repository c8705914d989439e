import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pollEndpoints, type Room } from '@outing/contract';
import { api, endpointPath } from '../../../lib/api-client';
import { roomKeys } from '../../rooms/api/room-keys';
import { planKeys } from './plan-keys';

/**
 * POST /v1/rooms/{id}/date-poll/{optionId}/fix (host): the option becomes the room's date and time, the poll ends
 * and everyone is notified. The answer is read loosely (the room or nothing): the room is fetched anew anyway.
 */
export async function fixDate(roomId: string, optionId: number): Promise<Room | null> {
  const data = await api.post(endpointPath(pollEndpoints.fix, { id: roomId, optionId }));
  const room = data as Partial<Room> | null;
  // A room (told apart by its id and name; the server checks its answers, decision 015), or nothing.
  return typeof room === 'object' &&
    room !== null &&
    typeof room.id === 'string' &&
    typeof room.name === 'string'
    ? (room as Room)
    : null;
}

export function useFixDate(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionId: number) => fixDate(roomId, optionId),
    onSuccess: (room) => {
      if (room) queryClient.setQueryData(roomKeys.detail(roomId), room);
      queryClient.setQueryData(planKeys.datePoll(roomId), null);
      // The date moved: the room, its poll and my lists (ordered by date) are fetched anew.
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.list() });
    },
  });
}
