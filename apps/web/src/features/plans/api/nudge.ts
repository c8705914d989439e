import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type NudgeData } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys';

export type NudgeResult = NudgeData;

/**
 * POST /v1/rooms/{id}/nudge (host): reminds pending invitees to answer, all of them or `userIds`. Each invitee at
 * most once in NUDGE_INTERVAL_HOURS: those skipped are listed; 429 when nobody could be nudged.
 */
export function nudge(roomId: string, userIds?: number[]): Promise<NudgeResult> {
  return api.call(roomEndpoints.nudge, { params: { id: roomId }, body: userIds ? { userIds } : {} });
}

export function useNudge(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds?: number[]) => nudge(roomId, userIds),
    // Each nudged invitee's `nudgedAt` moved (and after a 429 the list shows when it is possible again).
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.guests(roomId) }),
  });
}
