import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guestEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/**
 * DELETE /v1/rooms/{id}/guests/{userId} (host only): the guest leaves as a member leaving does. 409 NET_NOT_ZERO
 * while the guest's net in the room is not zero; 404 when the id is not a guest of the room.
 */
export function removeGuest(roomId: string, userId: number): Promise<null> {
  return api.call(guestEndpoints.remove, { params: { id: roomId, userId } });
}

export function useRemoveGuest(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeGuest(roomId, userId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roomKeys.attendees(roomId) });
      // The room's counts and, under its key, the guest list (planKeys.guests).
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
    },
  });
}
