import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Room } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { forgetRoom } from '@/entities/room/cache';
import { roomKeys } from '@/lib/query-keys';

/** PATCH /v1/rooms/{id}/close: 404 → 403 (not the host); debts may be outstanding (they stay payable). */
export async function closeRoom(roomId: string): Promise<void> {
  await api.call(roomEndpoints.close, { params: { id: roomId } });
}

export function useCloseRoom() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRoom,
    onSuccess: (_nothing, roomId) => {
      queryClient.setQueryData<Room>(roomKeys.detail(roomId), (room) =>
        room ? { ...room, isClosed: true } : room,
      );
      forgetRoom(queryClient, user.id, roomId);
    },
  });
}
