import { queryOptions, useQuery } from '@tanstack/react-query';
import { billSchema, type Bill } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

const billsSchema = z.array(billSchema);

/** GET /v1/bills?roomId=: the room's bills, newest first (members only, 403). */
export function getBills(roomId: string, signal?: AbortSignal): Promise<Bill[]> {
  return api.get('/bills', { query: { roomId }, schema: billsSchema, signal });
}

export const billsQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: billKeys.list(roomId), queryFn: ({ signal }) => getBills(roomId, signal) });

export function useBills(roomId: string) {
  return useQuery(billsQueryOptions(roomId));
}
