import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { oneLineText } from './text.js';

/**
 * Payment handles and "pay from the app" (docs/api/README.md#payments). The shape lives here; whether a value is a real
 * PayNow number, IBAN or VPA is the server's check (it answers 400 with the item's field, e.g. `2.value`).
 */
export const paymentKinds = ['paynow', 'iban', 'upi', 'paypal', 'revolut', 'link'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const MAX_PAYMENT_METHODS = 10;

const kind = z.enum(paymentKinds, {
  error: 'Choose one of: paynow, iban, upi, paypal, revolut, link',
});

/** One handle as a user enters it; the server normalises it (spaces, letter case) before storing it. */
export const paymentMethodInput = z.object({
  kind,
  value: z
    .string({ error: 'Enter the handle' })
    .trim()
    .min(1, 'Enter the handle')
    .max(500, 'This handle is too long (at most 500 characters)'),
  /** The account holder's or payee's name: one line, and no invisible characters (it reaches QR codes and labels). */
  name: oneLineText('The name', { invisible: true, params: { error: 'The name must be text' } })
    .max(70, 'The name may be at most 70 characters')
    .optional(),
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInput>;

/** `PUT /users/{id}/payment-methods`: the whole list, in the order to show it; it replaces the stored one. */
export const paymentMethodsBody = z
  .array(paymentMethodInput, { error: 'Send the list of payment methods' })
  .max(MAX_PAYMENT_METHODS, `You can keep at most ${MAX_PAYMENT_METHODS} payment methods`);

export const paymentMethodSchema = z.object({
  kind: z.enum(paymentKinds),
  value: z.string(),
  name: z.string().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponse = successEnvelope(z.array(paymentMethodSchema));

/**
 * `GET /transactions/{id}/payment-options`: the payee's handles ready to pay the transaction. `payload` is what a
 * QR code carries or a link opens: an EMVCo PayNow string, an EPC "GiroCode", a `upi://pay` link, or an https link.
 */
export const paymentOptionSchema = z.object({
  kind: z.enum(paymentKinds),
  label: z.string(),
  payload: z.string(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;
export const paymentOptionsResponse = successEnvelope(z.array(paymentOptionSchema));
