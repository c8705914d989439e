import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pollEndpoints, type DatePoll, type DateVote } from '@outing/contract';
import { api, endpointPath } from '../../../lib/api-client';
import { pollOrNull } from './poll-answer';
import { planKeys } from './plan-keys';

/** PUT /v1/rooms/{id}/date-poll/{optionId} (members) {vote}: my vote on one option, replacing an earlier one. */
export async function voteDate(roomId: string, optionId: number, vote: DateVote): Promise<DatePoll | null> {
  return pollOrNull(await api.put(endpointPath(pollEndpoints.vote, { id: roomId, optionId }), { vote }));
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
