import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionEndpoints, type Transaction } from '@outing/contract';
import { api } from '@/lib/api-client';
import { balanceKeys, billKeys, transactionKeys } from '@/lib/query-keys';

export interface RecordPaymentBody {
  roomId: string;
  payerId: number;
  payeeId: number;
  amount: number;
  note?: string;
}

/**
 * POST /v1/transactions: a payment of any amount between two members of a room (docs/money.md), recorded by the
 * payer (it awaits the payee's confirmation) or by the payee (received: confirmed at once). 400 bad amount or
 * person, 403 a payment of other people.
 */
export function recordPayment(body: RecordPaymentBody): Promise<Transaction> {
  return api.call(transactionEndpoints.record, { body });
}

/**
 * POST /v1/users/{id}/settle (self): pays `userId` up to `amount` across the rooms of `currency` where the caller
 * owes them, oldest room first. 400 more than owed.
 */
export function settleWith(
  meId: number,
  body: { userId: number; currency: string; amount: number; note?: string },
): Promise<Transaction[]> {
  return api.call(transactionEndpoints.settleWith, { params: { id: meId }, body });
}

/** After a payment, every money list and balance follows (the socket says so too; this is the caller's own screen). */
function useAfterPayment() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    void queryClient.invalidateQueries({ queryKey: billKeys.all });
  };
}

export function useRecordPayment() {
  const after = useAfterPayment();
  return useMutation({ mutationFn: recordPayment, onSuccess: after });
}

export function useSettleWith(meId: number) {
  const after = useAfterPayment();
  return useMutation({
    mutationFn: (body: Parameters<typeof settleWith>[1]) => settleWith(meId, body),
    onSuccess: after,
  });
}
