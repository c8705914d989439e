import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Balances } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ada, ben, chloe, roomSeed } from '@/test/bill-screens';
import { dinnerAndTaxi, renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

const section = () => screen.findByRole('region', { name: /^Money/ });
/** Fixed balances of the room (as the server would answer them): ada is owed 20.00, by chloe and ben. */
const adaOwed = (currency = 'USD'): Balances => ({
  currency,
  members: [
    { userId: ada.id, paid: 30, owes: 10, net: 20 },
    { userId: ben.id, paid: 12, owes: 14, net: -2 },
    { userId: chloe.id, paid: 0, owes: 18, net: -18 },
  ],
  transfers: [
    { payerId: ben.id, payeeId: ada.id, amount: 2 },
    { payerId: chloe.id, payeeId: ada.id, amount: 18 },
    { payerId: ben.id, payeeId: chloe.id, amount: 1 },
  ],
});
const billRows = () => screen.getAllByTestId('money-bill').map((row) => row.textContent);

describe('Money section: layout and states', () => {
  it('lists the bills newest first: amount, who paid, how it splits, who added it when not the payer', async () => {
    renderMoney();
    await section();
    await screen.findByRole('list', { name: 'Bills of this room' });
    expect(billRows()).toEqual([
      'Taxi$12.00Paid by ben_k · By shares (1:2)Added by you',
      'Dinner$30.00Paid by you · Split equally among 3',
    ]);
  });

  it('lays out the server’s figures as given: my paid, share and net; who pays whom, my lines marked', async () => {
    // Fixed figures (the mock computes no money): the real ones are tested in money-section.server.test.tsx.
    renderMoney({ seed: roomSeed({ balances: adaOwed() }, dinnerAndTaxi) });
    const summary = await screen.findByLabelText('Your money in this room');
    expect(summary).toHaveTextContent('You paid$30.00');
    expect(summary).toHaveTextContent('Your share$10.00');
    expect(summary).toHaveTextContent('You are owed$20.00');
    const transfers = screen.getAllByTestId('transfer');
    expect(transfers.map((t) => t.dataset.mine)).toEqual(['true', 'true', undefined]);
    expect(transfers[0]).toHaveTextContent('ben_kYou$2.00');
    expect(transfers[2]).toHaveTextContent('ben_kchloe.m$1.00');
    // Next to a debt to me: record a payment; nothing next to other people's.
    expect(
      within(transfers[0]!.closest('li')!).getByRole('button', { name: 'Record a payment from ben_k' }),
    ).toBeInTheDocument();
    expect(within(transfers[2]!.closest('li')!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tell everyone' })).toBeInTheDocument();
  });

  it('as a member: Other amount next to my debt, Record payment next to a debt to me, no Settle up', async () => {
    renderMoney({ seed: roomSeed({ balances: adaOwed() }, dinnerAndTaxi), as: chloe });
    const summary = await screen.findByLabelText('Your money in this room');
    expect(summary).toHaveTextContent('You owe$18.00');
    const [, toAda, fromBen] = screen.getAllByTestId('transfer');
    expect(toAda).toHaveTextContent('Youada$18.00');
    expect(
      within(toAda!.closest('li')!).getByRole('button', { name: 'Pay ada another amount' }),
    ).toBeInTheDocument();
    expect(
      within(fromBen!.closest('li')!).getByRole('button', { name: 'Record a payment from ben_k' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tell everyone' })).not.toBeInTheDocument();
  });

  it('formats every amount in the room’s currency', async () => {
    renderMoney({ seed: roomSeed({ currency: 'EUR', balances: adaOwed('EUR') }, dinnerAndTaxi) });
    await screen.findByRole('list', { name: 'Bills of this room' });
    expect(billRows()[0]).toContain('€12.00');
    expect(screen.getByLabelText('Your money in this room')).toHaveTextContent('You are owed€20.00');
    expect(screen.getByRole('heading', { name: /^Money/ })).toHaveTextContent('EUR');
  });

  it('says so when there are no bills, with no payments and no Settle up', async () => {
    renderMoney({ seed: roomSeed() });
    expect(await screen.findByText('No bills yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Your money in this room')).toHaveTextContent('You are square$0.00');
    expect(screen.queryByTestId('transfer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tell everyone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Who pays whom' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, and an error with a retry when a call fails', async () => {
    let calls = 0;
    renderMoney({ seed: roomSeed({ balances: adaOwed() }, dinnerAndTaxi) });
    // After the mocks renderMoney serves, so that it answers first.
    server.use(
      http.get(`${API_BASE}/rooms/:id/balances`, () => {
        calls += 1;
        if (calls === 1) return fail(500, 'INTERNAL', 'Something went wrong.');
        return undefined;
      }),
    );
    expect(await screen.findByRole('status', { name: 'Loading the money' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the money of this room.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Your money in this room')).toHaveTextContent('$20.00');
    expect(calls).toBe(2);
  });
});

describe('Money section: breakdowns', () => {
  it('a bill opens its breakdown: each share, paid by, added by, date; the URL keeps it', async () => {
    renderMoney();
    await screen.findByRole('list', { name: 'Bills of this room' });
    await userEvent.click(screen.getByRole('button', { name: /^Taxi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Taxi' });
    expect(dialog).toHaveAccessibleDescription('$12.00 · By shares (1:2)');
    expect(
      within(dialog)
        .getAllByTestId('share')
        .map((s) => s.textContent),
    ).toEqual(['ben_k$4.00', 'chloe.m$8.00']);
    expect(dialog).toHaveTextContent('Paid byben_k');
    expect(dialog).toHaveTextContent('Added byYou');
    expect(screen.getByTestId('search')).toHaveTextContent('?bill=2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });

  it('opens the breakdown straight from the link after a reload', async () => {
    renderMoney({ search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(within(dialog).getAllByTestId('share')).toHaveLength(3);
  });
});
