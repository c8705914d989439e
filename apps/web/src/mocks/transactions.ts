import { notificationEndpoints, transactionEndpoints, type Transaction, type User } from '@outing/contract';
import { MOCK_ME, MOCK_MONEY_ROOMS, minutesAgo, mockPeople } from './demo';
import { fail } from './envelope';
import { readJson } from './request';
import { mockOk, mockPage, mockSignedIn } from './route';

// Mock mode for transactions and the payment reminder (docs/api/README.md#settling, #notifications), thin (decision
// 022): the demo's payments as written, and a fixed answer to settling and reminding that changes nothing the list
// answers (settling, the reminder's hour and who may be reminded are the server's, tested against it in
// transactions-panel.server.test.tsx). The seed is built around the mock login's user, ada (id 7); "yours" is
// whoever the token names.

const daysAgo = (days: number, hour: number) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hour, 12, 0, 0);
  return date.toISOString();
};

export { MOCK_MONEY_ROOMS, mockPeople } from './demo';

export interface TransactionSeed {
  id: number;
  consolidationId: number;
  room: { id: string; name: string };
  payer: User;
  payee: User;
  amount: number;
  /** Minutes ago it was created. */
  createdMinutesAgo: number;
  /** ISO time it was paid, or null. */
  paidOn: string | null;
  /** The room's currency; USD when left out. */
  currency?: string;
}

type StoredTransaction = Transaction & { createdAt: string };

export function mockTransaction(seed: TransactionSeed): StoredTransaction {
  const { room, payer, payee, paidOn, createdMinutesAgo, currency = 'USD', ...rest } = seed;
  const [isPaid, status] = paidOn === null ? [false, 'unpaid' as const] : [true, 'paid' as const];
  const people = { roomId: room.id, roomName: room.name, payerId: payer.id, payer, payeeId: payee.id, payee };
  const state = { isPaid, paidOn, currency, confirmedOn: null, status };
  return { ...rest, ...people, ...state, createdAt: minutesAgo(createdMinutesAgo) };
}

function defaultTransactionsSeed(): TransactionSeed[] {
  const { ben, chloe, dev, emma, felix } = mockPeople;
  const { lisbon, camden, brighton, santa } = MOCK_MONEY_ROOMS;
  const [me, hour, day] = [MOCK_ME, 60, 60 * 24];
  /** id, consolidation, room, payer, payee, amount, minutes since created, paid on. */
  // prettier-ignore
  const rows: [number, number, TransactionSeed['room'], User, User, number, number, string?][] = [
    [31, 9, lisbon, felix, me, 120, 3 * hour],
    [27, 8, camden, me, dev, 18.4, 5 * hour],
    [28, 8, camden, me, chloe, 12.5, 5 * hour],
    [29, 8, camden, ben, me, 9.75, 5 * hour],
    [21, 6, brighton, emma, me, 23.34, 6 * day, daysAgo(1, 18)],
    [22, 6, brighton, me, ben, 7.5, 6 * day, daysAgo(1, 9)],
    [18, 5, santa, me, chloe, 15, 20 * day, daysAgo(4, 20)],
    [17, 5, santa, felix, me, 4.99, 20 * day, daysAgo(12, 13)],
  ];
  return rows.map(([id, consolidationId, room, payer, payee, amount, createdMinutesAgo, paidOn = null]) => {
    return { id, consolidationId, room, payer, payee, amount, createdMinutesAgo, paidOn };
  });
}

/** The payments the list answers, as they are at each call (a test may change them; no handler does). */
export interface TransactionsMockStore {
  transactions: StoredTransaction[];
}

export function createTransactionsStore(
  seed: TransactionSeed[] = defaultTransactionsSeed(),
): TransactionsMockStore {
  return { transactions: seed.map(mockTransaction) };
}

const stripCreatedAt = ({ createdAt: _createdAt, ...t }: StoredTransaction): Transaction => t;

/** `answer` about the stored payment `id` (without its `createdAt`), or the server's 404. */
export function withTransaction(
  store: TransactionsMockStore,
  id: string,
  answer: (t: Transaction) => Response,
) {
  const found = store.transactions.find((t) => String(t.id) === id);
  return found ? answer(stripCreatedAt(found)) : fail(404, 'NOT_FOUND', 'Transaction not found.');
}

export function createTransactionsHandlers(store: TransactionsMockStore = createTransactionsStore()) {
  return [
    // The caller's payments on the side and in the state asked for, newest first.
    mockSignedIn(transactionEndpoints.list, ({ request, claims }) => {
      const query = new URL(request.url).searchParams;
      const [isPaid, status, role] = [query.get('isPaid') === 'true', query.get('status'), query.get('role')];
      const me = claims.user_id;
      const newest = (t: StoredTransaction) => (isPaid ? (t.paidOn ?? '') : t.createdAt);
      const mine = store.transactions
        .filter(
          (t) =>
            t.isPaid === isPaid &&
            (status === null || t.status === status) &&
            ((role !== 'payee' && t.payerId === me) || (role !== 'payer' && t.payeeId === me)),
        )
        .sort((a, b) => newest(b).localeCompare(newest(a)) || b.id - a.id);
      return mockPage(transactionEndpoints.list, mine.map(stripCreatedAt), request);
    }),

    mockSignedIn(transactionEndpoints.settle, ({ params }) =>
      withTransaction(store, params.id, (t) => {
        const paid = { isPaid: true, paidOn: new Date().toISOString(), status: 'paid' as const };
        return mockOk(transactionEndpoints.settle, { ...t, ...paid }, 'Transaction settled successfully!');
      }),
    ),

    mockSignedIn(notificationEndpoints.remind, async ({ request }) => {
      const body = await readJson(request);
      const notification = {
        id: 500,
        userId: Number(body.userId),
        title: String(body.title ?? ''),
        content: String(body.content ?? ''),
        isRead: false,
        createdAt: new Date().toISOString(),
      };
      return mockOk(notificationEndpoints.remind, notification, 'Reminder created successfully!');
    }),
  ];
}

/** Mock mode's payments (the payments handlers read them too). */
export const transactionsMockStore = createTransactionsStore();

export const transactionsHandlers = createTransactionsHandlers(transactionsMockStore);
