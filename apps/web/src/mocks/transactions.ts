import { notificationEndpoints, transactionEndpoints, type Transaction, type User } from '@outing/contract';
import { MOCK_ME as ada, MOCK_MONEY_ROOMS, mockPeople } from './demo';
import { fail } from './envelope';
import { readJson } from './request';
import { mockOk, mockPage, mockSignedIn } from './route';

// Mock mode for transactions and the payment reminder (docs/api/README.md#settling, #notifications), thin (decision
// 022): the demo's payments as written (ada's, id 7; "yours" is whoever the token names), and a fixed plausible
// answer to each step and to reminding, which changes nothing the list answers (the steps' rules, the reminder's
// hour and who may be reminded are the server's, tested against it in transactions-panel.server.test.tsx).

const daysAgo = (days: number, hour: number) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hour, 12, 0, 0);
  return date.toISOString();
};

const { ben, chloe, dev, emma, felix } = mockPeople;
const { lisbon, camden, brighton, santa } = MOCK_MONEY_ROOMS;

/** Newest first, as the list answers them: id, consolidation, room, payer, payee, amount, paid on (unpaid if none). */
// prettier-ignore
const rows: [number, number, { id: string; name: string }, User, User, number, string?][] = [
  [31, 9, lisbon, felix, ada, 120],
  [29, 8, camden, ben, ada, 9.75],
  [28, 8, camden, ada, chloe, 12.5],
  [27, 8, camden, ada, dev, 18.4],
  [21, 6, brighton, emma, ada, 23.34, daysAgo(1, 18)],
  [22, 6, brighton, ada, ben, 7.5, daysAgo(1, 9)],
  [18, 5, santa, ada, chloe, 15, daysAgo(4, 20)],
  [17, 5, santa, felix, ada, 4.99, daysAgo(12, 13)],
];

const DEMO: Transaction[] = rows.map(([id, consolidationId, room, payer, payee, amount, paidOn = null]) => {
  const people = { roomId: room.id, roomName: room.name, payerId: payer.id, payer, payeeId: payee.id, payee };
  const state = { isPaid: !!paidOn, paidOn, confirmedOn: null, status: paidOn ? 'paid' : 'unpaid' } as const;
  return { id, consolidationId, amount, currency: 'USD', ...people, ...state };
});

/** `answer` about the demo payment `id`, or the server's 404. */
const withDemo = (id: string, answer: (t: Transaction) => Response) => {
  const found = DEMO.find((t) => String(t.id) === id);
  return found ? answer(found) : fail(404, 'NOT_FOUND', 'Transaction not found.');
};

const now = () => new Date().toISOString();
const settled = () => ({ isPaid: true, paidOn: now(), status: 'paid' }) as const;
const unpaid = () => ({ isPaid: false, paidOn: null, status: 'unpaid' }) as const;

/** A step's fixed answer: the demo payment as the step would leave it. */
type Step = 'settle' | 'confirm' | 'dispute' | 'undo';
const step = (name: Step, after: (t: Transaction) => Partial<Transaction>, message?: string) =>
  mockSignedIn(transactionEndpoints[name], ({ params }) =>
    withDemo(params.id, (t) => mockOk(transactionEndpoints[name], { ...t, ...after(t) }, message)),
  );

/**
 * GET /transactions answering `list` in its order (a test may change the list to change later answers): the
 * caller's payments on the side (`role`) and in the state (`isPaid`, `status`) asked for.
 */
export const transactionsList = (list: readonly Transaction[]) =>
  mockSignedIn(transactionEndpoints.list, ({ request, claims }) => {
    const query = new URL(request.url).searchParams;
    const [isPaid, status, role] = [query.get('isPaid') === 'true', query.get('status'), query.get('role')];
    const mine = (t: Transaction) =>
      (role !== 'payee' && t.payerId === claims.user_id) ||
      (role !== 'payer' && t.payeeId === claims.user_id);
    const shown = list.filter((t) => t.isPaid === isPaid && (status ?? t.status) === t.status && mine(t));
    return mockPage(transactionEndpoints.list, shown, request);
  });

export const transactionsHandlers = [
  transactionsList(DEMO),
  mockSignedIn(transactionEndpoints.get, ({ params }) =>
    withDemo(params.id, (t) => {
      const history = t.paidOn ? [{ action: 'settled' as const, actorId: t.payerId, at: t.paidOn }] : [];
      const bills = [{ billId: 1, name: 'Dinner', amount: t.amount }];
      return mockOk(transactionEndpoints.get, { ...t, history, bills });
    }),
  ),
  step('settle', settled, 'Transaction settled successfully!'),
  step('confirm', (t) => ({
    ...settled(),
    paidOn: t.paidOn ?? now(),
    status: 'confirmed',
    confirmedOn: now(),
  })),
  step('dispute', unpaid),
  step('undo', unpaid),
  mockSignedIn(notificationEndpoints.remind, async ({ request }) => {
    const { userId, title = '', content = '' } = await readJson(request);
    const sent = { userId: Number(userId), title: String(title), content: String(content) };
    const notification = { id: 500, ...sent, isRead: false, createdAt: now() };
    return mockOk(notificationEndpoints.remind, notification, 'Reminder created successfully!');
  }),
];
