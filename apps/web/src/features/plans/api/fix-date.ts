import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pollEndpoints, type Room } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys, roomKeys } from '@/lib/query-keys';

/**
 * POST /v1/rooms/{id}/date-poll/{optionId}/fix (host): the option becomes the room's date and time, the poll ends
 * and everyone is notified. Answers the room.
 */
export function fixDate(roomId: string, optionId: number): Promise<Room> {
  return api.call(pollEndpoints.fix, { params: { id: roomId, optionId } });
}

export function useFixDate(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionId: number) => fixDate(roomId, optionId),
    onSuccess: (room) => {
      queryClient.setQueryData(roomKeys.detail(roomId), room);
      queryClient.setQueryData(planKeys.datePoll(roomId), null);
      // The date moved: the room, its poll and my lists (ordered by date) are fetched anew.
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.list() });
    },
  });
}
