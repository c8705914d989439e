import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billSchema, type Bill } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

export interface CreateBillInput {
  name: string;
  /** A JSON number with at most 2 decimals (api-contract §2). */
  amount: number;
  includeOwner: boolean;
  roomId: string;
  /** The other members who share the bill (never the caller). */
  payers: number[];
}

/**
 * POST /v1/bills: 400 (issues name the field), 403 not a member, 404 room or user unknown, 409 room closed or
 * consolidated.
 */
export function createBill(input: CreateBillInput): Promise<Bill> {
  return api.post('/bills', input, { schema: billSchema });
}

export function useCreateBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBill,
    onSuccess: (bill) => {
      queryClient.setQueryData<Bill[]>(billKeys.list(bill.roomId), (bills) =>
        bills ? [bill, ...bills.filter((b) => b.id !== bill.id)] : bills,
      );
      void queryClient.invalidateQueries({ queryKey: billKeys.room(bill.roomId) });
    },
  });
}
