import { queryOptions, useQuery } from '@tanstack/react-query';
import { guestSchema, type Guest } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { planKeys } from './plan-keys';

const guestsSchema = z.array(guestSchema);

/**
 * GET /v1/rooms/{id}/guests (members): members by answer (going, maybe, waitlisted in waitlist order, declined),
 * then pending invitees, then declined invitees.
 */
export function getGuests(roomId: string, signal?: AbortSignal): Promise<Guest[]> {
  return api.get(`/rooms/${encodeURIComponent(roomId)}/guests`, { schema: guestsSchema, signal });
}

export const guestsQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: planKeys.guests(roomId), queryFn: ({ signal }) => getGuests(roomId, signal) });

export function useGuests(roomId: string, enabled = true) {
  return useQuery({ ...guestsQueryOptions(roomId), enabled });
}
