import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentEndpoints, type PaymentMethod } from '@outing/contract';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/payment-methods: the caller's own handles (self only), in the order they are shown. */
export function getPaymentMethods(userId: number, signal?: AbortSignal): Promise<PaymentMethod[]> {
  return api.call(paymentEndpoints.methods, { params: { id: userId }, signal });
}

export const paymentMethodsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: paymentKeys.methods(userId),
    queryFn: ({ signal }) => getPaymentMethods(userId, signal),
  });

export function usePaymentMethods(userId: number) {
  return useQuery(paymentMethodsQueryOptions(userId));
}
