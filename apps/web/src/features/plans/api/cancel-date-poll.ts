import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pollEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys';

/** DELETE /v1/rooms/{id}/date-poll (host): cancels the open poll. */
export async function cancelDatePoll(roomId: string): Promise<void> {
  await api.call(pollEndpoints.cancel, { params: { id: roomId } });
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
