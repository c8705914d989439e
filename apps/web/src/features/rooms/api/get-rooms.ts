import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomSchema, type Room } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { roomKeys } from './room-keys';

export const roomsSchema = z.array(roomSchema);

/** GET /v1/rooms: the signed-in user's open rooms, most recently updated first. */
export function getRooms(signal?: AbortSignal): Promise<Room[]> {
  return api.get('/rooms', { schema: roomsSchema, signal });
}

export const roomsQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.list(), queryFn: ({ signal }) => getRooms(signal) });

export function useRooms() {
  return useQuery(roomsQueryOptions());
}
