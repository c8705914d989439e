import { transactionEndpoints, type Transaction, type User } from '@outing/contract';
import { mockFixedPage, mockPage, mockSignedIn } from '@/mocks/route';
import { server } from '@/test/server';

// Test helpers of the payments (decision 022: mock mode serves the demo only): a test writes its payments in a few
// fields, `payment` gives them in the contract's shape, and `serveTransactions` serves them to GET /transactions as
// the test lists them. Nothing is settled or computed here: the steps and balances are the server's.

/** The signed-in test user (the test token's, id 7). */
export const ada: User = { id: 7, username: 'ada', email: '', pictureUrl: '' };

export interface PaymentFields {
  id: number;
  consolidationId?: number;
  room: { id: string; name: string };
  payer: User;
  payee: User;
  amount: number;
  /** When it was marked paid; unpaid when null or left out. */
  paidOn?: string | null;
  /** USD when left out. */
  currency?: string;
}

/** A payment as the server sends it: unpaid, or paid and not yet confirmed when it has a `paidOn`. */
export function payment(fields: PaymentFields): Transaction {
  const { room, payer, payee, paidOn = null, currency = 'USD', consolidationId = 1, ...rest } = fields;
  const people = { roomId: room.id, roomName: room.name, payerId: payer.id, payer, payeeId: payee.id, payee };
  const state = {
    isPaid: paidOn !== null,
    paidOn,
    confirmedOn: null,
    status: paidOn ? 'paid' : 'unpaid',
  } as const;
  return { ...rest, consolidationId, currency, ...people, ...state };
}

/**
 * Serves `list` to GET /transactions, in its order: the signed-in user's payments on the side (`role`) and in the
 * state (`isPaid`, `status`) the request asks for. Returns `list`: a test may change it to change later answers.
 */
export function serveTransactions(list: Transaction[]): Transaction[] {
  server.use(
    mockSignedIn(transactionEndpoints.list, ({ request, claims }) => {
      const query = new URL(request.url).searchParams;
      const [isPaid, status, role] = [query.get('isPaid') === 'true', query.get('status'), query.get('role')];
      const mine = (t: Transaction) =>
        (role !== 'payee' && t.payerId === claims.user_id) ||
        (role !== 'payer' && t.payeeId === claims.user_id);
      const shown = list.filter((t) => t.isPaid === isPaid && (status ?? t.status) === t.status && mine(t));
      return mockPage(transactionEndpoints.list, shown, request);
    }),
  );
  return list;
}

/** GET /transactions answers no payments, whatever is asked. */
export const noTransactions = () => mockFixedPage(transactionEndpoints.list, []);
