import {
  paymentEndpoints,
  transactionEndpoints,
  type PaymentMethod,
  type PaymentOption,
  type Transaction,
} from '@outing/contract';
import { mockFixed, mockOk, mockSignedIn } from './route';
import { transactionsMockStore, withTransaction, type TransactionsMockStore } from './transactions';

// Mock mode for payment handles, pay options and the steps after settling (docs/api/README.md#payments,
// #settling), thin (decision 022): the handles as given (the server checks them; the form checks them before
// sending), fixed demo pay options so that the pay sheet shows a QR code and a link (the real payloads are the
// server's encoders', tested there), and each step's plausible answer, which changes nothing the lists answer.

const DEMO_OPTIONS: PaymentOption[] = [
  { kind: 'paynow', label: 'PayNow · +6591234567', payload: 'OUTING-DEMO-PAYNOW' },
  { kind: 'paypal', label: 'PayPal · outingdemo', payload: 'https://paypal.me/outingdemo' },
];

const unpaid = { status: 'unpaid', isPaid: false, paidOn: null } as const;

/** `methods`: the signed-in user's own handles; `store`: the payments a detail or a step is about. */
export function createPaymentsHandlers(
  store: TransactionsMockStore = transactionsMockStore,
  methods: PaymentMethod[] = [],
) {
  const step = (change: 'confirm' | 'dispute' | 'undo', after: (t: Transaction) => Partial<Transaction>) =>
    mockSignedIn(transactionEndpoints[change], ({ params }) =>
      withTransaction(store, params.id, (t) => mockOk(transactionEndpoints[change], { ...t, ...after(t) })),
    );

  return [
    mockFixed(paymentEndpoints.methods, methods),
    mockSignedIn(paymentEndpoints.saveMethods, async ({ request }) => {
      const sent = (await request.json().catch(() => [])) as PaymentMethod[];
      return mockOk(paymentEndpoints.saveMethods, sent, 'Payment methods saved');
    }),
    mockFixed(paymentEndpoints.options, DEMO_OPTIONS),
    mockSignedIn(transactionEndpoints.get, ({ params }) =>
      withTransaction(store, params.id, (t) => {
        const history = t.paidOn ? [{ action: 'settled' as const, actorId: t.payerId, at: t.paidOn }] : [];
        const bills = [{ billId: 1, name: 'Dinner', amount: t.amount }];
        return mockOk(transactionEndpoints.get, { ...t, history, bills });
      }),
    ),
    step('confirm', (t) => {
      const now = new Date().toISOString();
      return { status: 'confirmed', isPaid: true, paidOn: t.paidOn ?? now, confirmedOn: now };
    }),
    step('dispute', () => unpaid),
    step('undo', () => unpaid),
  ];
}

export const paymentsHandlers = createPaymentsHandlers();
