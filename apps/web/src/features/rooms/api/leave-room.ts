import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { forgetRoom } from '@/entities/room/cache';
import { roomKeys } from '@/lib/query-keys';

/** PATCH /v1/rooms/{id}/leave: 404 → 403 (not a member) → 409 (the host, or a net that is not zero: the sentence names what is owed). */
export async function leaveRoom(roomId: string): Promise<void> {
  await api.call(roomEndpoints.leave, { params: { id: roomId } });
}

export function useLeaveRoom() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveRoom,
    onSuccess: (_nothing, roomId) => {
      forgetRoom(queryClient, user.id, roomId);
      queryClient.removeQueries({ queryKey: roomKeys.attendees(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.public() });
    },
  });
}
