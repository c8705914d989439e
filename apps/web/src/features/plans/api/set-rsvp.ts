import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Room, type RsvpBody, type RsvpStatus } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { dropInvite, refreshMyRooms } from '@/entities/room/cache';
import { roomKeys } from '@/lib/query-keys';

export type RsvpAnswer = RsvpBody['status'];

/**
 * PATCH /v1/rooms/{id}/rsvp {status} (docs/api/README.md#plans): a member's answer, or a pending invitee's (going and
 * maybe accept the invite, declined declines it). `rsvp` is `waitlisted` when the room was full.
 */
export function setRsvp(roomId: string, status: RsvpAnswer): Promise<{ room: Room; rsvp: RsvpStatus }> {
  return api.call(roomEndpoints.rsvp, { params: { id: roomId }, body: { status } });
}

/**
 * The answer changes the room (counts, my answer), its members and guests, my lists (an accepted invite adds the
 * room) and my invites. Nothing is changed before the server answers, so a failure leaves the previous answer.
 */
export function useSetRsvp() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, status }: { roomId: string; status: RsvpAnswer }) => setRsvp(roomId, status),
    onSuccess: ({ room }, { roomId }) => {
      queryClient.setQueryData(roomKeys.detail(roomId), room);
      // The room itself was just stored; what hangs under its key (guests, poll) and its members are fetched anew.
      void queryClient.invalidateQueries({
        queryKey: roomKeys.detail(roomId),
        predicate: (query) => query.queryKey.length > roomKeys.detail(roomId).length,
      });
      void queryClient.invalidateQueries({ queryKey: roomKeys.attendees(roomId) });
      dropInvite(queryClient, roomId);
      refreshMyRooms(queryClient, user.id);
      // An accepted invite takes the room out of Explore.
      void queryClient.invalidateQueries({ queryKey: roomKeys.public() });
    },
  });
}
