import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Room, type User } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { dropInvite, storeMembership } from '@/entities/room/cache';
import { roomKeys } from '@/lib/query-keys';

/** PATCH /v1/rooms/{id}/join: any open room, public or by its link; 404 closed or unknown, 409 already in. */
export function joinRoom(roomId: string): Promise<{ room: Room; attendees: User[] }> {
  return api.call(roomEndpoints.join, { params: { id: roomId } });
}

/** Joining also accepts a pending invite to that room. A 404/409 means what we show is out of date. */
export function useJoinRoom() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => joinRoom(roomId),
    onSuccess: (joined, roomId) => {
      storeMembership(queryClient, user.id, joined);
      dropInvite(queryClient, roomId);
    },
    onError: (error, roomId) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: roomKeys.public() });
        void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.attendees(roomId) });
      }
    },
  });
}
