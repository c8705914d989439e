import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emptyResponse, type Room } from '@outing/contract';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { forgetRoom } from './cache';
import { roomKeys } from './room-keys';

/** PATCH /v1/rooms/{id}/close: 404 → 403 (not the host) → 409 (unconsolidated bills). */
export async function closeRoom(roomId: string): Promise<void> {
  await api.patch(`/rooms/${encodeURIComponent(roomId)}/close`, undefined, {
    schema: emptyResponse.shape.data,
  });
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
