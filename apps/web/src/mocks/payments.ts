import { paymentEndpoints, type PaymentMethod, type PaymentOption } from '@outing/contract';
import { mockFixed, mockOk, mockSignedIn } from './route';

// Mock mode for payment handles and pay options (docs/api/README.md#payments), thin (decision 022): no handles of
// ada's, a save answered as sent (the server checks them; the form checks them before sending), and fixed demo pay
// options so that the pay sheet shows a QR code and a link (the real payloads are the server's encoders', tested
// there). The steps after settling are answered in mocks/transactions.ts.

const DEMO_OPTIONS: PaymentOption[] = [
  { kind: 'paynow', label: 'PayNow · +6591234567', payload: 'OUTING-DEMO-PAYNOW' },
  { kind: 'paypal', label: 'PayPal · outingdemo', payload: 'https://paypal.me/outingdemo' },
];

export const paymentsHandlers = [
  mockFixed(paymentEndpoints.methods, []),
  mockSignedIn(paymentEndpoints.saveMethods, async ({ request }) => {
    const sent = (await request.json().catch(() => [])) as PaymentMethod[];
    return mockOk(paymentEndpoints.saveMethods, sent, 'Payment methods saved');
  }),
  mockFixed(paymentEndpoints.options, DEMO_OPTIONS),
];
