import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Invite, type Room, type User } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { dropInvite, storeMembership } from '@/entities/room/cache';
import { roomKeys } from '@/lib/query-keys';

export interface InviteAnswer {
  invite: Invite;
  accept: boolean;
}

/** PATCH /v1/rooms/{id} {accept}: answers the caller's pending invite; accepting joins. 404 when none. */
export function answerInvite(
  roomId: string,
  accept: boolean,
): Promise<{ room: Room; attendees: User[] } | null> {
  return api.call(roomEndpoints.answerInvite, { params: { id: roomId }, body: { accept } });
}

/** The invite leaves the list either way; an accepted one puts the room in their lists (docs/product.md#states). */
export function useAnswerInvite() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invite, accept }: InviteAnswer) => answerInvite(invite.roomId, accept),
    onSuccess: (joined, { invite }) => {
      dropInvite(queryClient, invite.roomId);
      if (joined) storeMembership(queryClient, user.id, joined);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: roomKeys.invites() });
      }
    },
  });
}
