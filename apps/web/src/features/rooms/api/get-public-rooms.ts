import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { roomsSchema } from './get-rooms';
import { roomKeys } from './room-keys';

/** GET /v1/rooms/public: open public rooms the user is not in and has no pending invite to. */
export function getPublicRooms(signal?: AbortSignal): Promise<Room[]> {
  return api.get('/rooms/public', { schema: roomsSchema, signal });
}

export const publicRoomsQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.public(), queryFn: ({ signal }) => getPublicRooms(signal) });

export function usePublicRooms() {
  return useQuery(publicRoomsQueryOptions());
}
