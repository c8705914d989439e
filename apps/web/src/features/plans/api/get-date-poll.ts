import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollEndpoints, type DatePoll } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys';

/** GET /v1/rooms/{id}/date-poll (members): the open poll's options in date order, or null when there is none. */
export function getDatePoll(roomId: string, signal?: AbortSignal): Promise<DatePoll | null> {
  return api.call(pollEndpoints.get, { params: { id: roomId }, signal });
}

export const datePollQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: planKeys.datePoll(roomId), queryFn: ({ signal }) => getDatePoll(roomId, signal) });

export function useDatePoll(roomId: string, enabled = true) {
  return useQuery({ ...datePollQueryOptions(roomId), enabled });
}
