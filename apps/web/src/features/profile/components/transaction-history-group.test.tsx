import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import type { Transaction } from '@outing/contract';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { ada, payment, serveTransactions } from '@/features/transactions/testing';
import { groupByPaidDay } from './transaction-history-group';

// Screens load lazily: under a busy machine the first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const { ben, chloe, emma, felix } = mockPeople;
const { brighton, santa, camden } = MOCK_MONEY_ROOMS;

const paid = (
  id: number,
  payer: typeof ada,
  payee: typeof ada,
  amount: number,
  paidOn: string,
  room: { id: string; name: string } = brighton,
): Transaction => payment({ id, room, payer, payee, amount, paidOn });

// This year's days are labelled without the year, last year's with it.
const year = new Date().getFullYear();
const lastYear = year - 1;

// Listed out of order on purpose: the screen sorts them.
const history: Transaction[] = [
  paid(1, felix, ada, 4.99, `${lastYear}-12-24T12:00:00.000Z`, santa),
  paid(2, ada, ben, 7.5, `${year}-11-21T11:00:00.000Z`),
  paid(3, emma, ada, 23.34, `${year}-11-21T13:00:00.000Z`),
  paid(4, ada, chloe, 15, `${year}-11-18T12:00:00.000Z`, camden),
];

beforeEach(() => {
  server.use(
    http.get(`${API_BASE}/users/:id/friends/count`, () => ok({ numFriends: 2 })),
    http.get(`${API_BASE}/rooms/count`, () => ok({ count: 1 })),
  );
});

function serveHistory(list: Transaction[] = history) {
  serveTransactions(list);
}

async function renderHistory() {
  renderApp('/profile', { token: makeToken() });
  return within(await screen.findByRole('region', { name: 'Transaction history' }));
}

describe('profile: transaction history', () => {
  it('groups paid transactions by day, newest day first, labelled day and short month', async () => {
    serveHistory();
    const region = await renderHistory();
    const days = await region.findAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual(['21 Nov', '18 Nov', `24 Dec ${lastYear}`]);
    const [nov21, nov18, dec24] = region.getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(
      within(nov21!)
        .getAllByTestId('history-row')
        .map((r) => r.textContent),
    ).toEqual([
      'EWReceived from emma.wBrighton Day Trip+US$23.34',
      'BKPaid to ben_kBrighton Day Trip−US$7.50',
    ]);
    expect(within(nov18!).getByTestId('history-row')).toHaveTextContent(
      'Paid to chloe.mCamden Brunch−US$15.00',
    );
    expect(within(dec24!).getByTestId('history-row')).toHaveTextContent(
      'Received from felixSecret Santa+US$4.99',
    );
  });

  it('shows money received in green with a +, money paid in red with a −', async () => {
    serveHistory();
    const region = await renderHistory();
    const received = await region.findByText('+US$23.34');
    expect(received).toHaveClass('text-emerald-700');
    expect(received).not.toHaveClass('text-red-700');
    const sent = region.getByText('−US$7.50');
    expect(sent).toHaveClass('text-red-700');
    expect(sent).not.toHaveClass('text-emerald-700');
  });

  it('shows each amount in its room’s currency and the user’s locale (EUR, JPY, KWD)', async () => {
    serveHistory([
      { ...paid(5, emma, ada, 12.5, `${year}-11-20T12:00:00.000Z`), currency: 'EUR' },
      { ...paid(6, ada, ben, 1500, `${year}-11-19T12:00:00.000Z`), currency: 'JPY' },
      { ...paid(7, felix, ada, 1.255, `${year}-11-18T12:00:00.000Z`), currency: 'KWD' },
    ]);
    const region = await renderHistory();
    expect(await region.findByText('+€12.50')).toBeInTheDocument();
    expect(region.getByText('−JP¥1,500')).toBeInTheDocument();
    expect(region.getByText('+KWD 1.255')).toBeInTheDocument();
  });

  it('says "No transaction history available" when nothing is paid', async () => {
    serveHistory([]);
    const region = await renderHistory();
    expect(await region.findByText('No transaction history available')).toBeInTheDocument();
    expect(region.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });

  it('asks for the paid transactions only', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API_BASE}/transactions`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('isPaid'));
        return ok([]);
      }),
    );
    const region = await renderHistory();
    await region.findByText('No transaction history available');
    expect(asked).toEqual(['true']);
  });

  it('shows an error with a retry when the history fails', async () => {
    let calls = 0;
    serveHistory();
    server.use(
      http.get(`${API_BASE}/transactions`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : undefined;
      }),
    );
    const region = await renderHistory();
    const alert = await region.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your transaction history.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await region.findByText('+US$23.34')).toBeInTheDocument();
  });
});

describe('groupByPaidDay', () => {
  it('keeps unpaid transactions out and orders within a day newest first', () => {
    const t = (id: number, paidOn: string | null) => ({
      id,
      consolidationId: 1,
      roomId: brighton.id,
      roomName: brighton.name,
      payerId: 7,
      payer: ada,
      payeeId: 11,
      payee: ben,
      amount: 1,
      isPaid: paidOn !== null,
      currency: 'USD',
      confirmedOn: null,
      status: paidOn === null ? ('unpaid' as const) : ('paid' as const),
      paidOn,
    });
    const days = groupByPaidDay(
      [t(1, '2026-03-01T10:00:00.000Z'), t(2, null), t(3, '2026-03-01T11:00:00.000Z')],
      new Date('2026-11-22T10:00:00.000Z'),
    );
    expect(days).toHaveLength(1);
    expect(days[0]!.label).toBe('1 Mar');
    expect(days[0]!.transactions.map((x) => x.id)).toEqual([3, 1]);
  });
});

describe('profile: transaction history pages (docs/pagination.md)', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      paid(100 + i, ada, ben, i + 1, new Date(Date.UTC(year, 0, 28 - i, 12)).toISOString()),
    );

  it('shows the newest 20, then the next page with Load more; a failed page keeps them and retries', async () => {
    serveHistory(many(23));
    const region = await renderHistory();
    await region.findByText('−US$1.00');
    expect(region.getAllByTestId('history-row')).toHaveLength(20);
    expect(region.queryByText('−US$21.00')).not.toBeInTheDocument();

    server.use(http.get(`${API_BASE}/transactions`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(region.getByRole('button', { name: 'Load more' }));
    expect(await region.findByText('Could not load more transactions.')).toBeInTheDocument();
    expect(region.getAllByTestId('history-row')).toHaveLength(20);

    await userEvent.click(region.getByRole('button', { name: 'Try again' }));
    expect(await region.findByText('−US$23.00')).toBeInTheDocument();
    expect(region.getAllByTestId('history-row')).toHaveLength(23);
    expect(region.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
