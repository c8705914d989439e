import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rsvpResponse, type Room, type RsvpBody, type RsvpStatus } from '@outing/contract';
import { useAuth } from '../../../hooks/use-auth';
import { api } from '../../../lib/api-client';
import { dropInvite, refreshMyRooms } from '../../rooms/api/cache';
import { roomKeys } from '../../rooms/api/room-keys';

/**
 * PATCH /v1/rooms/{id}/rsvp {status}: an invitee's going or maybe accepts the invite (joins, or waitlists when the
 * room is full); declined declines it.
 */
export function answerRsvp(
  roomId: string,
  status: RsvpBody['status'],
): Promise<{ room: Room; rsvp: RsvpStatus }> {
  return api.patch(
    `/rooms/${encodeURIComponent(roomId)}/rsvp`,
    { status },
    { schema: rsvpResponse.shape.data },
  );
}

/** The invite leaves the list whatever the answer; the room as the server answered replaces ours. */
export function useAnswerRsvp(roomId: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RsvpBody['status']) => answerRsvp(roomId, status),
    onSuccess: ({ room }) => {
      queryClient.setQueryData(roomKeys.detail(roomId), room);
      dropInvite(queryClient, roomId);
      refreshMyRooms(queryClient, user.id);
      void queryClient.invalidateQueries({ queryKey: roomKeys.attendees(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.public() });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(roomId) });
    },
  });
}
