import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentEndpoints, type PaymentOption } from '@outing/contract';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/**
 * GET /v1/transactions/{id}/payment-options: the payee's handles as QR payloads and links for this transaction's
 * amount (the payer of an unpaid transaction only; 403 otherwise). Empty when the payee has none for its currency.
 */
export function getPaymentOptions(transactionId: number, signal?: AbortSignal): Promise<PaymentOption[]> {
  return api.call(paymentEndpoints.options, { params: { id: transactionId }, signal });
}

export const paymentOptionsQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: paymentKeys.options(transactionId),
    queryFn: ({ signal }) => getPaymentOptions(transactionId, signal),
  });

export function usePaymentOptions(transactionId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentOptionsQueryOptions(transactionId), enabled: options.enabled ?? true });
}
