import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pollEndpoints, type DatePoll } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys';

export interface DateOptionDraft {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  time: string;
}

/** POST /v1/rooms/{id}/date-poll (host) {options}: starts a poll of 2–5 dates, replacing an open one. */
export function createDatePoll(roomId: string, options: DateOptionDraft[]): Promise<DatePoll | null> {
  return api.call(pollEndpoints.start, { params: { id: roomId }, body: { options } });
}

export function useCreateDatePoll(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: DateOptionDraft[]) => createDatePoll(roomId, options),
    onSuccess: (poll) => {
      if (poll) queryClient.setQueryData(planKeys.datePoll(roomId), poll);
      void queryClient.invalidateQueries({ queryKey: planKeys.datePoll(roomId) });
    },
  });
}
