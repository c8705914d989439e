import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentEndpoints, type PaymentMethod, type PaymentMethodInput } from '@outing/contract';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/**
 * PUT /v1/users/{id}/payment-methods: replaces the whole list (at most 10); answers it as stored (normalised). A
 * bad handle is a 400 whose `issues[].path` names the item and field, e.g. `2.value`.
 */
export function savePaymentMethods(userId: number, methods: PaymentMethodInput[]): Promise<PaymentMethod[]> {
  return api.call(paymentEndpoints.saveMethods, { params: { id: userId }, body: methods });
}

export function useSavePaymentMethods(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methods: PaymentMethodInput[]) => savePaymentMethods(userId, methods),
    onSuccess: (stored) => queryClient.setQueryData(paymentKeys.methods(userId), stored),
  });
}
