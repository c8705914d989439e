import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pollEndpoints, type DatePoll, type DateVote } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys';

/** PUT /v1/rooms/{id}/date-poll/{optionId} (members) {vote}: my vote on one option, replacing an earlier one. */
export function voteDate(roomId: string, optionId: number, vote: DateVote): Promise<DatePoll | null> {
  return api.call(pollEndpoints.vote, { params: { id: roomId, optionId }, body: { vote } });
}

export function useVoteDate(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ optionId, vote }: { optionId: number; vote: DateVote }) =>
      voteDate(roomId, optionId, vote),
    onSuccess: (poll) => {
      if (poll) queryClient.setQueryData(planKeys.datePoll(roomId), poll);
    },
    // Others vote too: the counts are fetched anew whatever happened.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.datePoll(roomId) }),
  });
}
