import { z } from 'zod';
import { userIdParams } from '../auth.js';
import { transactionIdParams } from '../bills.js';
import { endpoint } from '../endpoint.js';
import { paymentMethodSchema, paymentMethodsBody, paymentOptionSchema } from '../payments.js';

const errors = [400, 401, 403, 404] as const;

/** Payment handles and "pay from the app" (docs/api/README.md#payments); every answer is personal, never cached. */
export const paymentEndpoints = {
  methods: endpoint({
    method: 'GET',
    path: '/users/{id}/payment-methods',
    params: userIdParams,
    data: z.array(paymentMethodSchema),
    errors,
    access: 'self',
    guests: 'room',
    summary: 'Your payment handles, in your order (self only)',
    tag: 'users',
  }),
  saveMethods: endpoint({
    method: 'PUT',
    path: '/users/{id}/payment-methods',
    params: userIdParams,
    body: paymentMethodsBody,
    data: z.array(paymentMethodSchema),
    errors,
    access: 'self',
    guests: 'room',
    summary:
      'Replace your payment handles (self only): PayNow, IBAN, UPI, PayPal.me, Revolut or an https link, at most 10',
    tag: 'users',
  }),
  options: endpoint({
    method: 'GET',
    path: '/transactions/{id}/payment-options',
    params: transactionIdParams,
    data: z.array(paymentOptionSchema),
    errors,
    access: 'payer',
    guests: 'room',
    summary: 'How to pay an unpaid transaction: the payee’s handles as QR payloads and links (the payer)',
    tag: 'transactions',
  }),
};
