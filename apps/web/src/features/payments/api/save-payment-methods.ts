import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodSchema, type PaymentMethod, type PaymentMethodInput } from '@outing/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

const methodsSchema = z.array(paymentMethodSchema);

/**
 * PUT /v1/users/{id}/payment-methods: replaces the whole list (at most 10); answers it as stored (normalised). A
 * bad handle is a 400 whose `issues[].path` names the item and field, e.g. `2.value`.
 */
export function savePaymentMethods(userId: number, methods: PaymentMethodInput[]): Promise<PaymentMethod[]> {
  return api.put(`/users/${userId}/payment-methods`, methods, { schema: methodsSchema });
}

export function useSavePaymentMethods(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methods: PaymentMethodInput[]) => savePaymentMethods(userId, methods),
    onSuccess: (stored) => queryClient.setQueryData(paymentKeys.methods(userId), stored),
  });
}
