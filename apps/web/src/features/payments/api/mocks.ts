import {
  paymentEndpoints,
  transactionEndpoints,
  type PaymentMethod,
  type Transaction,
  type TransactionEvent,
} from '@outing/contract';
import { mockDelay } from '../../../mocks/delay';
import { fail, ok } from '../../../mocks/envelope';
import { mockOk, mockRoute } from '../../../mocks/route';
import { claimsOf } from '../../../mocks/token';
import { transactionsMockStore, type TransactionsMockStore } from '../../transactions/api/mocks';
import { handleProblem, nameProblem } from '../lib/handle-checks';
import { mockPaymentOptions } from './mocks-payloads';

// Mock mode for payment handles, pay options and the steps after settling (docs/api/README.md#payments, #settling), on the
// transactions feature's store. Every payee without handles of their own gets a PayNow and a PayPal handle.

export interface PaymentsMockStore {
  methods: Map<number, PaymentMethod[]>;
  history: Map<number, TransactionEvent[]>;
}

export function createPaymentsStore(methods: [number, PaymentMethod[]][] = []): PaymentsMockStore {
  return { methods: new Map(methods), history: new Map() };
}

const DEMO_METHODS: PaymentMethod[] = [
  { kind: 'paynow', value: '+6591234567' },
  { kind: 'paypal', value: 'outingdemo' },
];

const strip = ({ createdAt: _c, ...t }: Transaction & { createdAt: string }): Transaction => t;

export function createPaymentsHandlers(
  txStore: TransactionsMockStore = transactionsMockStore,
  store: PaymentsMockStore = createPaymentsStore(),
) {
  const find = (id: string) => txStore.transactions.find((t) => String(t.id) === id);
  const log = (t: Transaction, actorId: number, action: TransactionEvent['action']) => {
    const events =
      store.history.get(t.id) ??
      (t.paidOn ? [{ action: 'settled' as const, actorId: t.payerId, at: t.paidOn }] : []);
    events.push({ action, actorId, at: new Date().toISOString() });
    store.history.set(t.id, events);
  };

  const step = (change: 'confirm' | 'dispute' | 'undo') =>
    mockRoute(transactionEndpoints[change], async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const t = find(params.id);
      if (!t) return fail(404, 'NOT_FOUND', 'Transaction not found.');
      const actor = change === 'undo' ? t.payerId : t.payeeId;
      if (actor !== claims.user_id)
        return fail(403, 'FORBIDDEN', 'This is for the other side of the payment.');
      const now = new Date().toISOString();
      if (change === 'confirm') {
        if (t.status === 'confirmed') return fail(409, 'CONFLICT', 'This payment is already confirmed.');
        log(t, claims.user_id, t.status === 'unpaid' ? 'received' : 'confirmed');
        Object.assign(t, { status: 'confirmed', isPaid: true, paidOn: t.paidOn ?? now, confirmedOn: now });
      } else {
        if (t.status !== 'paid')
          return fail(409, 'CONFLICT', 'This payment is not waiting for confirmation.');
        if (change === 'undo' && Date.now() - Date.parse(t.paidOn ?? now) > 10 * 60_000)
          return fail(409, 'CONFLICT', 'Too late to undo.');
        log(t, claims.user_id, change === 'undo' ? 'undone' : 'disputed');
        Object.assign(t, { status: 'unpaid', isPaid: false, paidOn: null });
      }
      return mockOk(transactionEndpoints[change], strip(t));
    });

  return [
    mockRoute(paymentEndpoints.methods, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      if (String(claims.user_id) !== params.id)
        return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
      return ok(store.methods.get(claims.user_id) ?? []);
    }),

    mockRoute(paymentEndpoints.saveMethods, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      if (String(claims.user_id) !== params.id)
        return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
      const body = (await request.json().catch(() => null)) as PaymentMethod[] | null;
      if (!Array.isArray(body)) return fail(400, 'VALIDATION', 'Send the list of payment methods');
      const issues = body.flatMap((m, i) => {
        const problems = [];
        const value = handleProblem(m.kind, m.value ?? '');
        if (value) problems.push({ path: `${i}.value`, message: value });
        const name = nameProblem(m.kind, m.name ?? '');
        if (name) problems.push({ path: `${i}.name`, message: name });
        return problems;
      });
      if (issues[0]) return fail(400, 'VALIDATION', `${issues[0].path}: ${issues[0].message}`, issues);
      store.methods.set(claims.user_id, body);
      return ok(body, 'Payment methods saved');
    }),

    mockRoute(paymentEndpoints.options, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const t = find(params.id);
      if (!t) return fail(404, 'NOT_FOUND', 'Transaction not found.');
      if (t.payerId !== claims.user_id || t.status !== 'unpaid')
        return fail(403, 'FORBIDDEN', 'Only the payer of an unpaid transaction sees how to pay it.');
      const methods = store.methods.get(t.payeeId) ?? DEMO_METHODS;
      return ok(mockPaymentOptions(methods));
    }),

    mockRoute(transactionEndpoints.get, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const t = find(params.id);
      if (!t) return fail(404, 'NOT_FOUND', 'Transaction not found.');
      if (t.payerId !== claims.user_id && t.payeeId !== claims.user_id)
        return fail(403, 'FORBIDDEN', 'This transaction is not yours.');
      const history =
        store.history.get(t.id) ??
        (t.paidOn ? [{ action: 'settled' as const, actorId: t.payerId, at: t.paidOn }] : []);
      return mockOk(transactionEndpoints.get, {
        ...strip(t),
        history,
        bills: [{ billId: 1, name: 'Dinner', amount: t.amount }],
      });
    }),

    step('confirm'),
    step('dispute'),
    step('undo'),
  ];
}

/** Register in `src/mocks/handlers.ts`. */
export const paymentsHandlers = createPaymentsHandlers();
