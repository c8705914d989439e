import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planKeys } from './plan-keys';

/** DELETE /v1/rooms/{id}/date-poll (host): cancels the open poll. */
export async function cancelDatePoll(roomId: string): Promise<void> {
  await api.delete(`/rooms/${encodeURIComponent(roomId)}/date-poll`);
}

export function useCancelDatePoll(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelDatePoll(roomId),
    onSuccess: () => {
      queryClient.setQueryData(planKeys.datePoll(roomId), null);
      void queryClient.invalidateQueries({ queryKey: planKeys.datePoll(roomId) });
    },
  });
}
