import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { roomsSchema } from '../../rooms/api/get-rooms';
import { balanceKeys } from './balance-keys';

/** GET /v1/rooms/past: the caller's closed rooms, most recently closed first (readable, no longer changeable). */
export function getPastRooms(signal?: AbortSignal): Promise<Room[]> {
  return api.get('/rooms/past', { schema: roomsSchema, signal });
}

export const pastRoomsQueryOptions = () =>
  queryOptions({ queryKey: balanceKeys.pastRooms(), queryFn: ({ signal }) => getPastRooms(signal) });

export function usePastRooms() {
  return useQuery(pastRoomsQueryOptions());
}
