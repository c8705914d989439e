import { notificationEndpoints, transactionEndpoints, type Transaction, type User } from '@outing/contract';
import { fail } from './envelope';
import { readJson, signedIn } from './request';
import { mockOk, mockPage, mockRoute } from './route';

// Mock mode for transactions and the payment reminder (docs/api/README.md#settling, #notifications), thin (decision
// 022): the demo's payments as written, and a fixed answer to settling and reminding that changes nothing the list
// answers (settling, the reminder's hour and who may be reminded are the server's, tested against it in
// transactions-panel.server.test.tsx). The seed is built around the mock login's user, ada (id 7); "yours" is
// whoever the token names.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const daysAgo = (days: number, hour: number) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hour, 12, 0, 0);
  return date.toISOString();
};

export const MOCK_ME: User = { id: 7, username: 'ada', email: 'ada@example.com', pictureUrl: '' };

export const mockPeople = {
  ben: { id: 11, username: 'ben_k', email: '', pictureUrl: '' },
  chloe: { id: 12, username: 'chloe.m', email: '', pictureUrl: 'https://i.pravatar.cc/150?img=47' },
  dev: { id: 13, username: 'dev_patel', email: '', pictureUrl: '' },
  emma: { id: 14, username: 'emma.w', email: '', pictureUrl: '' },
  felix: { id: 15, username: 'felix', email: '', pictureUrl: 'https://i.pravatar.cc/150?img=12' },
} satisfies Record<string, User>;

/** The same ids as the rooms feature's mock rooms, so that mock mode hangs together. */
export const MOCK_MONEY_ROOMS = {
  birthday: { id: '3f8a2c1e-5b7d-4e9a-8c2f-1a2b3c4d5e01', name: "Ben's 30th Birthday" },
  football: { id: '6b1d9e2a-7c3f-4a8b-9d1e-2b3c4d5e6f02', name: 'Sunday Football' },
  lisbon: { id: '9c2e0f3b-8d4a-4b9c-a2f3-3c4d5e6f7a03', name: 'Lisbon Trip Planning' },
  boardGames: { id: 'a4d3f1c2-9e5b-4cad-b3a4-4d5e6f7a8b04', name: 'Board Game Night' },
  camden: { id: '0d3c6a9e-4f1b-4c2d-8e7f-9a0b1c2d3e10', name: 'Camden Brunch' },
  brighton: { id: '1e4d7b0f-5a2c-4d3e-9f8a-0b1c2d3e4f11', name: 'Brighton Day Trip' },
  santa: { id: '2f5e8c1a-6b3d-4e4f-a09b-1c2d3e4f5a12', name: 'Secret Santa' },
} as const;

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
  return {
    id: seed.id,
    consolidationId: seed.consolidationId,
    roomId: seed.room.id,
    roomName: seed.room.name,
    payerId: seed.payer.id,
    payer: seed.payer,
    payeeId: seed.payee.id,
    payee: seed.payee,
    amount: seed.amount,
    isPaid: seed.paidOn !== null,
    paidOn: seed.paidOn,
    currency: seed.currency ?? 'USD',
    confirmedOn: null,
    status: seed.paidOn === null ? 'unpaid' : 'paid',
    createdAt: minutesAgo(seed.createdMinutesAgo),
  };
}

export function defaultTransactionsSeed(): TransactionSeed[] {
  const { ben, chloe, dev, emma, felix } = mockPeople;
  const { lisbon, camden, brighton, santa } = MOCK_MONEY_ROOMS;
  const me = MOCK_ME;
  const seed = (
    id: number,
    consolidationId: number,
    room: TransactionSeed['room'],
    payer: User,
    payee: User,
    amount: number,
    createdMinutesAgo: number,
    paidOn: string | null = null,
  ): TransactionSeed => ({ id, consolidationId, room, payer, payee, amount, createdMinutesAgo, paidOn });
  return [
    seed(31, 9, lisbon, felix, me, 120, 60 * 3),
    seed(27, 8, camden, me, dev, 18.4, 60 * 5),
    seed(28, 8, camden, me, chloe, 12.5, 60 * 5),
    seed(29, 8, camden, ben, me, 9.75, 60 * 5),
    seed(21, 6, brighton, emma, me, 23.34, 60 * 24 * 6, daysAgo(1, 18)),
    seed(22, 6, brighton, me, ben, 7.5, 60 * 24 * 6, daysAgo(1, 9)),
    seed(18, 5, santa, me, chloe, 15, 60 * 24 * 20, daysAgo(4, 20)),
    seed(17, 5, santa, felix, me, 4.99, 60 * 24 * 20, daysAgo(12, 13)),
  ];
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

export const stripCreatedAt = ({ createdAt: _createdAt, ...t }: StoredTransaction): Transaction => t;
export const transactionNotFound = () => fail(404, 'NOT_FOUND', 'Transaction not found.');

export function createTransactionsHandlers(store: TransactionsMockStore = createTransactionsStore()) {
  return [
    // The caller's payments on the side and in the state asked for, newest first.
    mockRoute(
      transactionEndpoints.list,
      signedIn(({ request, claims }) => {
        const query = new URL(request.url).searchParams;
        const [isPaid, status, role] = [
          query.get('isPaid') === 'true',
          query.get('status'),
          query.get('role'),
        ];
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
    ),

    mockRoute(
      transactionEndpoints.settle,
      signedIn(({ params }) => {
        const found = store.transactions.find((t) => String(t.id) === params.id);
        if (!found) return transactionNotFound();
        const paid = { isPaid: true, paidOn: new Date().toISOString(), status: 'paid' as const };
        return mockOk(
          transactionEndpoints.settle,
          { ...stripCreatedAt(found), ...paid },
          'Transaction settled successfully!',
        );
      }),
    ),

    mockRoute(
      notificationEndpoints.remind,
      signedIn(async ({ request }) => {
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
    ),
  ];
}

/** Mock mode's payments (the payments handlers read them too). */
export const transactionsMockStore = createTransactionsStore();

/** Register in `src/mocks/handlers.ts`. */
export const transactionsHandlers = createTransactionsHandlers(transactionsMockStore);
