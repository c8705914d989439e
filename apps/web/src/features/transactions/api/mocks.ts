import {
  notificationEndpoints,
  transactionEndpoints,
  type Notification,
  type Transaction,
  type User,
} from '@outing/contract';
import { mockDelay } from '../../../mocks/delay';
import { fail } from '../../../mocks/envelope';
import { mockOk, mockPage, mockRoute } from '../../../mocks/route';
import { claimsOf } from '../../../mocks/token';

// Mock mode for transactions and the payment reminder (docs/api/README.md#settling, #notifications). The store is shared with the bills
// handlers (features/bills/api/mocks.ts), whose consolidation adds transactions to it. The seed is built around
// the mock login's user, ada (id 7); "yours" is whoever the token names.

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

export function mockTransaction(seed: TransactionSeed): Transaction & { createdAt: string } {
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
    status: seed.paidOn === null ? ('unpaid' as const) : ('paid' as const),
    createdAt: minutesAgo(seed.createdMinutesAgo),
  };
}

export function defaultTransactionsSeed(): TransactionSeed[] {
  const { ben, chloe, dev, emma, felix } = mockPeople;
  const { lisbon, camden, brighton, santa } = MOCK_MONEY_ROOMS;
  const me = MOCK_ME;
  return [
    {
      id: 31,
      consolidationId: 9,
      room: lisbon,
      payer: felix,
      payee: me,
      amount: 120,
      createdMinutesAgo: 60 * 3,
      paidOn: null,
    },
    {
      id: 27,
      consolidationId: 8,
      room: camden,
      payer: me,
      payee: dev,
      amount: 18.4,
      createdMinutesAgo: 60 * 5,
      paidOn: null,
    },
    {
      id: 28,
      consolidationId: 8,
      room: camden,
      payer: me,
      payee: chloe,
      amount: 12.5,
      createdMinutesAgo: 60 * 5,
      paidOn: null,
    },
    {
      id: 29,
      consolidationId: 8,
      room: camden,
      payer: ben,
      payee: me,
      amount: 9.75,
      createdMinutesAgo: 60 * 5,
      paidOn: null,
    },
    {
      id: 21,
      consolidationId: 6,
      room: brighton,
      payer: emma,
      payee: me,
      amount: 23.34,
      createdMinutesAgo: 60 * 24 * 6,
      paidOn: daysAgo(1, 18),
    },
    {
      id: 22,
      consolidationId: 6,
      room: brighton,
      payer: me,
      payee: ben,
      amount: 7.5,
      createdMinutesAgo: 60 * 24 * 6,
      paidOn: daysAgo(1, 9),
    },
    {
      id: 18,
      consolidationId: 5,
      room: santa,
      payer: me,
      payee: chloe,
      amount: 15,
      createdMinutesAgo: 60 * 24 * 20,
      paidOn: daysAgo(4, 20),
    },
    {
      id: 17,
      consolidationId: 5,
      room: santa,
      payer: felix,
      payee: me,
      amount: 4.99,
      createdMinutesAgo: 60 * 24 * 20,
      paidOn: daysAgo(12, 13),
    },
  ];
}

export interface TransactionsMockStore {
  transactions: (Transaction & { createdAt: string })[];
  nextId: number;
  /** `${payeeId}:${payerId}` → when the last reminder was sent (ms). */
  lastReminder: Map<string, number>;
}

export function createTransactionsStore(
  seed: TransactionSeed[] = defaultTransactionsSeed(),
): TransactionsMockStore {
  return {
    transactions: seed.map(mockTransaction),
    nextId: Math.max(100, ...seed.map((t) => t.id + 1)),
    lastReminder: new Map(),
  };
}

const REMINDER_WINDOW_MS = 60 * 60_000;

async function json(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const strip = ({ createdAt: _createdAt, ...t }: Transaction & { createdAt: string }): Transaction => t;

export function createTransactionsHandlers(store: TransactionsMockStore = createTransactionsStore()) {
  let nextNotificationId = 500;
  return [
    mockRoute(transactionEndpoints.list, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const isPaid = new URL(request.url).searchParams.get('isPaid') ?? 'false';
      if (isPaid !== 'true' && isPaid !== 'false') {
        return fail(400, 'VALIDATION', 'query.isPaid: isPaid must be true or false', [
          { path: 'query.isPaid', message: 'isPaid must be true or false' },
        ]);
      }
      const status = new URL(request.url).searchParams.get('status');
      const role = new URL(request.url).searchParams.get('role');
      const mine = store.transactions.filter(
        (t) =>
          t.isPaid === (isPaid === 'true') &&
          (status === null || t.status === status) &&
          (role === 'payer'
            ? t.payerId === claims.user_id
            : role === 'payee'
              ? t.payeeId === claims.user_id
              : t.payerId === claims.user_id || t.payeeId === claims.user_id),
      );
      const sorted =
        isPaid === 'true'
          ? mine.sort((a, b) => (b.paidOn ?? '').localeCompare(a.paidOn ?? '') || b.id - a.id)
          : mine.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      return mockPage(transactionEndpoints.list, sorted.map(strip), request);
    }),

    mockRoute(transactionEndpoints.settle, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const found = store.transactions.find((t) => String(t.id) === params.id);
      if (!found || (found.payerId !== claims.user_id && found.payeeId !== claims.user_id)) {
        return fail(404, 'NOT_FOUND', 'Transaction not found.');
      }
      if (found.payerId !== claims.user_id) {
        return fail(403, 'FORBIDDEN', 'Only the payer can settle this transaction.');
      }
      if (found.isPaid) return fail(409, 'CONFLICT', 'This transaction is already settled.');
      found.isPaid = true;
      found.paidOn = new Date().toISOString();
      found.status = 'paid';
      return mockOk(transactionEndpoints.settle, strip(found), 'Transaction settled successfully!');
    }),

    mockRoute(notificationEndpoints.remind, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const body = await json(request);
      const payerId = typeof body.userId === 'number' ? body.userId : Number(body.userId);
      const title = typeof body.title === 'string' ? body.title.trim() : '';
      const content = typeof body.content === 'string' ? body.content.trim() : '';
      if (!Number.isInteger(payerId) || payerId <= 0 || !title || !content) {
        return fail(400, 'VALIDATION', 'userId, title and content are required', [
          { path: 'body', message: 'userId, title and content are required' },
        ]);
      }
      const owes = store.transactions.some(
        (t) => !t.isPaid && t.payeeId === claims.user_id && t.payerId === payerId,
      );
      if (!owes) return fail(403, 'FORBIDDEN', 'You can only remind someone who owes you money.');
      const key = `${claims.user_id}:${payerId}`;
      const last = store.lastReminder.get(key);
      if (last !== undefined && Date.now() - last < REMINDER_WINDOW_MS) {
        const wait = Math.ceil((REMINDER_WINDOW_MS - (Date.now() - last)) / 1000);
        return fail(429, 'RATE_LIMITED', 'You already reminded them in the last hour.', undefined, {
          headers: { 'Retry-After': String(wait) },
        });
      }
      store.lastReminder.set(key, Date.now());
      const notification: Notification = {
        id: nextNotificationId++,
        userId: payerId,
        title,
        content,
        isRead: false,
        createdAt: new Date().toISOString(),
      };
      return mockOk(notificationEndpoints.remind, notification, 'Reminder created successfully!');
    }),
  ];
}

/** One store for mock mode: the bills handlers' consolidation adds to it. */
export const transactionsMockStore = createTransactionsStore();

/** Register in `src/mocks/handlers.ts`. */
export const transactionsHandlers = createTransactionsHandlers(transactionsMockStore);
