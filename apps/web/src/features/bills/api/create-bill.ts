import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billSchema, type Bill, type SplitInput } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { billKeys } from './bill-keys';

/** The original client's body (api-contract §7.1): the payers share equally, plus the owner with includeOwner. */
export interface LegacyBillInput {
  name: string;
  /** A JSON number with at most the currency's decimals (api-contract §2). */
  amount: number;
  includeOwner: boolean;
  roomId: string;
  /** The other members who share the bill (never the caller). */
  payers: number[];
}

/** A bill with its split (api-contract §10.2); `amount` is left out for an itemised bill (derived). */
export interface SplitBillInput {
  name: string;
  amount?: number;
  roomId: string;
  /** Who paid (default the caller). */
  paidBy: number;
  split: SplitInput;
}

export type CreateBillInput = LegacyBillInput | SplitBillInput;

/**
 * POST /v1/bills: 400 (issues name the field, e.g. `split.items.2.amount`), 403 not a member, 404 room or user
 * unknown, 409 room closed.
 */
export function createBill(input: CreateBillInput): Promise<Bill> {
  return api.post('/bills', input, { schema: billSchema });
}

/** Puts a saved bill first in its room's list and refetches what depends on it (balances, status). */
export function useBillSaved() {
  const queryClient = useQueryClient();
  return (bill: Bill) => {
    queryClient.setQueryData<Bill[]>(billKeys.list(bill.roomId), (bills) =>
      bills ? [bill, ...bills.filter((b) => b.id !== bill.id)] : bills,
    );
    void queryClient.invalidateQueries({ queryKey: billKeys.room(bill.roomId) });
  };
}

export function useCreateBill() {
  const onSuccess = useBillSaved();
  return useMutation({ mutationFn: createBill, onSuccess });
}
