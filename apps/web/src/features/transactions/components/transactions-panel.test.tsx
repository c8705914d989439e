import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { mockFixed } from '@/mocks/route';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { transactionEndpoints, type Transaction } from '@outing/contract';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { ada, payment, serveTransactions } from '@/features/transactions/testing';
import { TransactionsPanel } from './transactions-panel';

// The panel's lists, states and refusals on the msw mocks; settling and the reminder's hour, what the server
// decides, are transactions-panel.server.test.tsx's.

// Screens load lazily: under a busy machine the first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const { ben, dev, felix } = mockPeople;
const { camden, lisbon } = MOCK_MONEY_ROOMS;

const toDev = payment({ id: 27, consolidationId: 8, room: camden, payer: ada, payee: dev, amount: 18.4 });
const fromBen = payment({ id: 29, consolidationId: 8, room: camden, payer: ben, payee: ada, amount: 9.75 });
const fromFelix = payment({
  id: 31,
  consolidationId: 9,
  room: lisbon,
  payer: felix,
  payee: ada,
  amount: 120,
});
/** Newest first, as the server lists them. */
const unpaid: Transaction[] = [fromFelix, fromBen, toDev];

const routes: RouteObject[] = [
  { element: <ProtectedRoute />, children: [{ path: '/', element: <TransactionsPanel /> }] },
];

function servePanel(list: Transaction[] = unpaid) {
  serveTransactions(list);
}

/** Pay opens the pay sheet (issue #19): "I’ve paid" and its confirmation send the settle. */
async function confirmPaid() {
  await userEvent.click(await screen.findByRole('button', { name: 'I’ve paid' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, I’ve paid' }));
}

async function renderPanel() {
  renderApp('/', { token: makeToken(), routeList: routes });
  await screen.findByTestId('transactions-panel');
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Loading payments' })).not.toBeInTheDocument(),
  );
}

const section = (name: 'To pay' | 'To receive') => within(screen.getByRole('region', { name }));

describe('transactions panel: lists', () => {
  it('says "No bills to pay" and "No bills to receive" when there is nothing', async () => {
    servePanel([]);
    await renderPanel();
    expect(screen.getByRole('region', { name: 'Bills' })).toBeInTheDocument();
    expect(section('To pay').getByText('No bills to pay')).toBeInTheDocument();
    expect(section('To receive').getByText('No bills to receive')).toBeInTheDocument();
  });

  it('puts what the user owes under To Pay and what they are owed under To Receive, with 2 decimals', async () => {
    servePanel();
    await renderPanel();
    const toPay = section('To pay').getAllByRole('listitem');
    expect(toPay).toHaveLength(1);
    expect(toPay[0]).toHaveTextContent('dev_patel');
    expect(toPay[0]).toHaveTextContent('Camden Brunch');
    expect(toPay[0]).toHaveTextContent('US$18.40');
    expect(within(toPay[0]!).getByRole('button', { name: 'Pay US$18.40 to dev_patel' })).toBeInTheDocument();

    const toReceive = section('To receive').getAllByRole('listitem');
    expect(toReceive.map((li) => li.textContent)).toEqual([
      // The detail button's hidden name, then the name shown (felix has a picture: no initials).
      'Details of US$120.00 from felixfelixLisbon Trip PlanningUS$120.00Remind',
      'BKDetails of US$9.75 from ben_kben_kCamden BrunchUS$9.75Remind',
    ]);
    expect(within(toReceive[1]!).getByRole('button', { name: 'Remind ben_k' })).toBeInTheDocument();
    expect(section('To receive').getByText('US$129.75')).toBeInTheDocument(); // the total, exact
    expect(section('To pay').queryByText('No bills to pay')).not.toBeInTheDocument();
  });

  it('marks a guest after their name (docs/guests.md), and not an account', async () => {
    const mei = { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true as const };
    servePanel([
      { ...fromBen, id: 41, payerId: mei.id, payer: mei },
      fromFelix,
      { ...toDev, payeeId: mei.id, payee: mei },
    ]);
    await renderPanel();
    const [toMei] = section('To pay').getAllByRole('listitem');
    expect(within(toMei!).getByRole('button', { name: /^Details of US\$18\.40 to mei/ })).toHaveTextContent(
      /mei, guest$/,
    );
    expect(within(toMei!).getByText('guest')).toHaveClass('shrink-0');
    const [fromMei, fromFelixRow] = section('To receive').getAllByRole('listitem');
    expect(within(fromMei!).getByText('guest')).toBeInTheDocument();
    expect(within(fromFelixRow!).queryByText('guest')).not.toBeInTheDocument();

    // Its details: the parties line marks the guest after their name.
    server.use(
      mockFixed(transactionEndpoints.get, { ...toDev, payeeId: mei.id, payee: mei, history: [], bills: [] }),
    );
    await userEvent.click(within(toMei!).getByRole('button', { name: /^Details of US\$18\.40 to mei/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(await within(dialog).findByText(/^You →/)).toHaveTextContent(/^You → mei, guest · Camden Brunch$/);
  });

  it('formats each payment in its currency and totals each currency apart, never adding EUR to USD', async () => {
    servePanel([
      fromBen, // ben owes ada $9.75
      { ...fromFelix, currency: 'EUR', amount: 120.5 }, // felix owes ada €120.50
      { ...fromBen, id: 40, currency: 'EUR', amount: 0.5 },
      { ...toDev, currency: 'JPY', amount: 1800 }, // ada owes dev JP¥1,800
    ]);
    await renderPanel();
    expect(section('To pay').getByRole('listitem')).toHaveTextContent('JP¥1,800');
    expect(section('To pay').getByRole('button', { name: 'Pay JP¥1,800 to dev_patel' })).toBeInTheDocument();
    expect(section('To receive').getByText('€120.50')).toBeInTheDocument();
    // One total per currency, in the order the payments are listed.
    const totals = screen.getByRole('region', { name: 'To receive' }).querySelector('p span');
    expect(totals?.textContent).toMatch(/^(US\$9\.75 · €121\.00|€121\.00 · US\$9\.75)$/);
    expect(screen.getByRole('region', { name: 'To pay' }).querySelector('p span')).toHaveTextContent(
      'JP¥1,800',
    );
  });

  it('shows an error with a retry when the list fails', async () => {
    let calls = 0;
    servePanel();
    server.use(
      http.get(`${API_BASE}/transactions`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : undefined;
      }),
    );
    await renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your payments.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('dev_patel')).toBeInTheDocument();
  });
});

describe('transactions panel: settle', () => {
  it.each([
    [409, 'This transaction is already settled.'],
    [403, 'Only the payer can settle this transaction.'],
    [500, 'Something went wrong.'],
  ])('%i: "Failed to settle transaction: {error}", and the row stays', async (status, message) => {
    servePanel();
    server.use(http.patch(`${API_BASE}/transactions/:id/settle`, () => fail(status, 'CONFLICT', message)));
    await renderPanel();
    await userEvent.click(section('To pay').getByRole('button', { name: /^Pay / }));
    await confirmPaid();
    expect(await screen.findByText(`Failed to settle transaction: ${message}`)).toBeInTheDocument();
    expect(section('To pay').getByText('dev_patel')).toBeInTheDocument();
    expect(screen.queryByText('Marked as paid — waiting for dev_patel to confirm')).not.toBeInTheDocument();
  });

  it('a network failure says so too', async () => {
    servePanel();
    server.use(http.patch(`${API_BASE}/transactions/:id/settle`, () => Response.error()));
    await renderPanel();
    await userEvent.click(section('To pay').getByRole('button', { name: /^Pay / }));
    await confirmPaid();
    expect(
      await screen.findByText('Failed to settle transaction: An error occurred, please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('transactions panel: reminder', () => {
  afterEach(() => server.events.removeAllListeners());

  it('sends title "Reminder" and "Pay ${amount} to {me}!" to the payer, then toasts', async () => {
    servePanel();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/v1/notifications')) {
        bodies.push(await request.clone().json());
      }
    });
    await renderPanel();
    await userEvent.click(section('To receive').getByRole('button', { name: 'Remind ben_k' }));
    expect(await screen.findByText('Reminder created successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 11, title: 'Reminder', content: 'Pay US$9.75 to ada!' }]);
  });

  it.each([
    [400, 'Bad request, please check request body.'],
    [403, 'Failed to create reminder'],
    [500, 'Failed to create reminder'],
  ])('%i: %s', async (status, message) => {
    servePanel();
    server.use(http.post(`${API_BASE}/notifications`, () => fail(status, 'VALIDATION', 'Nope.')));
    await renderPanel();
    await userEvent.click(section('To receive').getByRole('button', { name: 'Remind ben_k' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Reminder created successfully!')).not.toBeInTheDocument();
  });

  it('answers with the notification it stored', async () => {
    servePanel();
    server.use(
      http.post(`${API_BASE}/notifications`, () =>
        ok({
          id: 1,
          userId: 11,
          title: 'Reminder',
          content: 'x',
          isRead: false,
          createdAt: new Date().toISOString(),
        }),
      ),
    );
    await renderPanel();
    await userEvent.click(section('To receive').getByRole('button', { name: 'Remind ben_k' }));
    expect(await screen.findByText('Reminder created successfully!')).toBeInTheDocument();
  });
});

describe('transactions panel: rooms', () => {
  it('each row’s room name opens the room, where the Money section shows the bills', async () => {
    servePanel();
    const { router } = renderApp('/', {
      token: makeToken(),
      routeList: [...routes, { path: '/room/:roomId', element: <p>Room page</p> }],
    });
    await screen.findByTestId('transactions-panel');
    const toPay = await screen.findByRole('region', { name: 'To pay' });
    const link = await within(toPay).findByRole('link', { name: 'Camden Brunch' });
    expect(link).toHaveAttribute('href', `/room/${camden.id}`);
    expect(
      within(screen.getByRole('region', { name: 'To receive' })).getByRole('link', { name: lisbon.name }),
    ).toHaveAttribute('href', `/room/${lisbon.id}`);
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${camden.id}`));
  });
});
