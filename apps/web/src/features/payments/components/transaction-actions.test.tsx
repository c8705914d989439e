import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { answer, success } from '@/test/api';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import type { Transaction } from '@outing/contract';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { TransactionsPanel } from '@/features/transactions/components/transactions-panel';
import { ada, payment, serveTransactions, type PaymentFields } from '@/features/transactions/testing';
import { eventTime } from '../lib/history';
import { setTestLanguage } from '@/test/i18n';

// The payee's and payer's actions on the msw mocks: what the screen offers and its refusals. The steps themselves
// (confirm, not received, received in cash, undo, settle), what the server decides, are
// transactions-panel.server.test.tsx's. Amounts in these tests are written the en-US way ($12.50); dates are
// whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

configure({ asyncUtilTimeout: 5000 });

const { ben, dev } = mockPeople;
const { camden } = MOCK_MONEY_ROOMS;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const seed = (over: Partial<PaymentFields>): Transaction =>
  payment({ id: 29, consolidationId: 8, room: camden, payer: ben, payee: ada, amount: 9.75, ...over });

const routes: RouteObject[] = [
  { element: <ProtectedRoute />, children: [{ path: '/', element: <TransactionsPanel /> }] },
];

async function renderPanel(seeds: Transaction[]) {
  const list = serveTransactions(seeds);
  renderApp('/', { token: makeToken(), routeList: routes });
  await screen.findByTestId('transactions-panel');
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Loading payments' })).not.toBeInTheDocument(),
  );
  return list;
}

const waiting = async () => within(await screen.findByRole('region', { name: 'Waiting for confirmation' }));

/** Presses `button`, then the confirmation's `confirm`. */
async function act(button: string | RegExp, confirm: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const ask = await screen.findByRole('alertdialog');
  await userEvent.click(within(ask).getByRole('button', { name: confirm }));
}

describe('payee actions', () => {
  it('a 409 (the payer undid it first) shows the server’s message and refreshes', async () => {
    const list = await renderPanel([seed({ paidOn: ago(2) })]);
    server.use(
      http.patch(`${API_BASE}/transactions/:id/confirm`, () => {
        Object.assign(list[0]!, { status: 'unpaid', isPaid: false, paidOn: null });
        return fail(409, 'CONFLICT', 'This payment is no longer marked paid.');
      }),
    );
    await act('Confirm received $9.75 from ben_k', 'Confirm received');
    expect(await screen.findByText('This payment is no longer marked paid.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting for confirmation' })).not.toBeInTheDocument(),
    );
  });
});

describe('payer actions', () => {
  const mine = (paidMinutesAgo: number) =>
    seed({ id: 27, payer: ada, payee: dev, amount: 18.4, paidOn: ago(paidMinutesAgo) });

  it('offers no undo after 10 minutes', async () => {
    await renderPanel([mine(11)]);
    expect(await (await waiting()).findByText('Waiting for dev_patel to confirm')).toBeInTheDocument();
    expect((await waiting()).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('a 409 on undo says "This payment can no longer be undone."', async () => {
    await renderPanel([mine(1)]);
    server.use(
      http.patch(`${API_BASE}/transactions/:id/undo`, () => fail(409, 'CONFLICT', 'Already confirmed.')),
    );
    await act('Undo $18.40 to dev_patel', 'Undo payment');
    expect(await screen.findByText('This payment can no longer be undone.')).toBeInTheDocument();
  });
});

describe('transaction detail', () => {
  it('shows who did what when, and the bills it comes from', async () => {
    const t = seed({ paidOn: ago(5) });
    const settledAt = ago(5);
    const confirmedAt = ago(1);
    await renderPanel([seed({})]);
    answer(
      'get',
      '/transactions/29',
      success({
        ...t,
        status: 'confirmed',
        confirmedOn: confirmedAt,
        history: [
          { action: 'settled', actorId: ben.id, at: settledAt },
          { action: 'confirmed', actorId: ada.id, at: confirmedAt },
        ],
        bills: [
          { billId: 3, name: 'Pizza', amount: 6.5 },
          { billId: 4, name: 'Drinks', amount: 3.25 },
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Details of $9.75 from ben_k' }));
    const detail = within(await screen.findByRole('dialog', { name: 'Payment details' }));
    expect(await detail.findByText(`ben_k marked it paid · ${eventTime(settledAt)}`)).toBeInTheDocument();
    expect(detail.getByText(`You confirmed · ${eventTime(confirmedAt)}`)).toBeInTheDocument();
    expect(detail.getByText('Pizza')).toBeInTheDocument();
    expect(detail.getByText('$6.50')).toBeInTheDocument();
    expect(detail.getByText('Received')).toBeInTheDocument();
    expect(detail.queryByRole('button', { name: /^Confirm received/ })).not.toBeInTheDocument();
    await userEvent.click(detail.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
