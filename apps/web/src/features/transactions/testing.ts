import { transactionEndpoints, type Transaction, type User } from '@outing/contract';
import { mockFixedPage } from '@/mocks/route';
import { transactionsList } from '@/mocks/transactions';
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

/** Serves `list` to GET /transactions (mocks/transactions.ts's `transactionsList`); a test may change it later. */
export function serveTransactions(list: Transaction[]): Transaction[] {
  server.use(transactionsList(list));
  return list;
}

/** GET /transactions answers no payments, whatever is asked. */
export const noTransactions = () => mockFixedPage(transactionEndpoints.list, []);
