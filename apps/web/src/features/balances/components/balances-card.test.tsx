import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { OverallBalances } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { transactionEndpoints } from '@outing/contract';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { mockFixed } from '@/mocks/route';
import { noTransactions } from '@/features/transactions/testing';
import { setTestLanguage } from '@/test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

const { lisbon, camden, santa } = MOCK_MONEY_ROOMS;
const { ben, chloe, dev } = mockPeople;

/** ben: I owe $4 (Camden −10, Secret Santa +6); chloe owes me €6 (Lisbon); I owe dev €5 (Lisbon). */
const BALANCES: OverallBalances = {
  totals: [
    { currency: 'EUR', owe: 5, owed: 6, toPay: 5, toReceive: 6 },
    { currency: 'USD', owe: 4, owed: 0, toPay: 10, toReceive: 6 },
  ],
  people: [
    {
      userId: chloe.id,
      user: chloe,
      currency: 'EUR',
      net: 6,
      rooms: [{ roomId: lisbon.id, roomName: lisbon.name, net: 6 }],
    },
    {
      userId: dev.id,
      user: dev,
      currency: 'EUR',
      net: -5,
      rooms: [{ roomId: lisbon.id, roomName: lisbon.name, net: -5 }],
    },
    {
      userId: ben.id,
      user: ben,
      currency: 'USD',
      net: -4,
      rooms: [
        { roomId: camden.id, roomName: camden.name, net: -10 },
        { roomId: santa.id, roomName: santa.name, net: 6 },
      ],
    },
  ],
};

const card = async () => screen.findByRole('region', { name: 'Balances' });

beforeEach(() => {
  serveRooms();
  server.use(noTransactions());
});

describe('Home Balances card', () => {
  it('totals what I owe and am owed per currency, in the order the server gives', async () => {
    server.use(mockFixed(transactionEndpoints.balances, BALANCES));
    renderApp('/', { token: makeToken() });
    const region = await card();
    await within(region).findByText('You owe');
    expect(within(region).getByText('You owe').nextElementSibling).toHaveTextContent('€5.00 · $4.00');
    expect(within(region).getByText('You are owed').nextElementSibling).toHaveTextContent('€6.00');
  });

  it('lists one row per person and currency with their net, expandable to the rooms', async () => {
    server.use(mockFixed(transactionEndpoints.balances, BALANCES));
    const { router } = renderApp('/', { token: makeToken() });
    const list = await within(await card()).findByRole('list', { name: 'Balances by person' });
    // Each person's row is a disclosure (beside a debt, its Settle up button is another button).
    const rows = within(list)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('aria-expanded'));
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/chloe\.m.*owes you €6\.00/),
      expect.stringMatching(/dev_patel.*you owe €5\.00/),
      expect.stringMatching(/ben_k.*you owe \$4\.00/),
    ]);
    const benRow = rows[2]!;
    expect(benRow).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Rooms with ben_k' })).not.toBeInTheDocument();

    await userEvent.click(benRow);
    expect(benRow).toHaveAttribute('aria-expanded', 'true');
    const rooms = screen.getByRole('list', { name: 'Rooms with ben_k' });
    expect(benRow).toHaveAttribute('aria-controls', rooms.id);
    const links = within(rooms).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/Camden Brunch.*you owe \$10\.00/),
      expect.stringMatching(/Secret Santa.*owes you \$6\.00/),
    ]);
    expect(links[0]).toHaveAttribute('href', `/room/${camden.id}`);

    // Keyboard: the disclosure closes with Enter.
    benRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(benRow).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Rooms with ben_k' })).getAllByRole('link')[1]!,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${santa.id}`));
  });

  it('marks a guest after their name (docs/guests.md), and not an account', async () => {
    const mei = { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true as const };
    const withGuest: OverallBalances = {
      totals: BALANCES.totals,
      people: [{ ...BALANCES.people[0]!, userId: mei.id, user: mei }, BALANCES.people[1]!],
    };
    server.use(mockFixed(transactionEndpoints.balances, withGuest));
    renderApp('/', { token: makeToken() });
    const list = await within(await card()).findByRole('list', { name: 'Balances by person' });
    const [meiRow, devRow] = within(list)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('aria-expanded'));
    expect(meiRow).toHaveTextContent(/mei, guestowes you €6\.00/);
    expect(within(meiRow!).getByText('guest')).toHaveClass('shrink-0');
    expect(devRow).toHaveTextContent(/dev_patelyou owe €5\.00/);
    expect(within(devRow!).queryByText('guest')).not.toBeInTheDocument();
  });

  it("says you're all settled up when nobody owes anything", async () => {
    server.use(mockFixed(transactionEndpoints.balances, { totals: [], people: [] }));
    renderApp('/', { token: makeToken() });
    expect(await within(await card()).findByText("You're all settled up")).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an error with a retry that loads again', async () => {
    let calls = 0;
    // The first answer waits until the test has seen the skeleton (a fixed delay raced the render on a busy host).
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    server.use(
      http.get(`${API_BASE}/balances`, async () => {
        calls += 1;
        if (calls === 1) {
          await firstHeld;
          return fail(500, 'INTERNAL', 'Boom.');
        }
        return ok(BALANCES);
      }),
    );
    renderApp('/', { token: makeToken() });
    // Home stands a skeleton for its money cards until their first answers (home-page.tsx).
    expect(await screen.findByRole('status', { name: 'Loading balances' })).toBeInTheDocument();
    answerFirst();
    const region = await card();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your balances.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('list', { name: 'Balances by person' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
