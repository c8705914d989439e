import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Invite } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

/**
 * POST /v1/rooms/{id} {invitees}: members only (403); in a private room only the host (401 "Only hosts can invite
 * other users"); invitees must be the inviter's friends (400), not in or invited yet (409).
 */
export function inviteFriends(roomId: string, invitees: number[]): Promise<Invite[]> {
  return api.call(roomEndpoints.invite, { params: { id: roomId }, body: { invitees } });
}

export function useInviteFriends(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitees: number[]) => inviteFriends(roomId, invitees),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomKeys.uninvited(roomId) }),
  });
}
