import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomEndpoints, type Guest } from '@outing/contract';
import { api } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys';

/**
 * GET /v1/rooms/{id}/guests (members): members by answer (going, maybe, waitlisted in waitlist order, declined),
 * then pending invitees, then declined invitees.
 */
export function getGuests(roomId: string, signal?: AbortSignal): Promise<Guest[]> {
  return api.call(roomEndpoints.guests, { params: { id: roomId }, signal });
}

export const guestsQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: planKeys.guests(roomId), queryFn: ({ signal }) => getGuests(roomId, signal) });

export function useGuests(roomId: string, enabled = true) {
  return useQuery({ ...guestsQueryOptions(roomId), enabled });
}
