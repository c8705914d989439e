import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../test/server';
import { MOCK_MONEY_ROOMS } from '../../transactions/api/mocks';
import { ROOM_ID, ada, ben, chloe, renderBillScreen, roomSeed, serveBills } from '../test-support';
import { setTestLanguage } from '../../../test/i18n';

// Split bill: consolidating the room's bills (the host only), and the payments it makes. Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

// Screens load lazily: under a busy machine the first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

import { PATH, bill, renderSplit, threeBills } from './split-bill-page.testing';

describe('split bill: consolidation', () => {
  afterEach(() => server.events.removeAllListeners());

  it('is for the host only', async () => {
    serveBills(roomSeed({ hostId: chloe.id, members: [chloe.id, ada.id, ben.id] }, threeBills));
    await renderSplit();
    expect(await screen.findByText(/The host, chloe.m, turns these bills into payments/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Consolidate' })).not.toBeInTheDocument();
  });

  it('asks first; Cancel sends nothing', async () => {
    serveBills(roomSeed({}, threeBills));
    const sent: unknown[] = [];
    server.use(http.post(`${API_BASE}/bills/consolidate`, () => void sent.push(1)));
    await renderSplit();
    await userEvent.click(await screen.findByRole('button', { name: 'Consolidate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Consolidate the bills?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('consolidates after confirmation: "Bill consolidated successfully", then back to the room', async () => {
    serveBills(roomSeed({}, threeBills));
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/bills/consolidate')) {
        bodies.push(await request.clone().json());
      }
    });
    const { router } = await renderSplit();
    await userEvent.click(await screen.findByRole('button', { name: 'Consolidate' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Consolidate' }),
    );
    expect(await screen.findByText('Bill consolidated successfully')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Room page' });
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`);
    expect(bodies).toEqual([{ roomId: ROOM_ID }]);
  });

  it('goes back in history when it came from the room', async () => {
    serveBills(roomSeed({}, threeBills));
    const view = renderBillScreen(`/room/${ROOM_ID}`);
    await screen.findByRole('heading', { name: 'Room page' });
    await view.router.navigate(PATH, { state: { from: `/room/${ROOM_ID}` } });
    await userEvent.click(await screen.findByRole('button', { name: 'Consolidate' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Consolidate' }),
    );
    await screen.findByRole('heading', { name: 'Room page' });
    expect(view.router.state.historyAction).toBe('POP');
  });

  it.each([403, 409, 500])('%i: "Failed to consolidate bill", and stays', async (status) => {
    serveBills(roomSeed({}, threeBills));
    server.use(http.post(`${API_BASE}/bills/consolidate`, () => fail(status, 'CONFLICT', 'No.')));
    const { router } = await renderSplit();
    await userEvent.click(await screen.findByRole('button', { name: 'Consolidate' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Consolidate' }),
    );
    expect(await screen.findByText('Failed to consolidate bill')).toBeInTheDocument();
    expect(screen.queryByText('Bill consolidated successfully')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('once consolidated, shows the payments of the room instead of the button', async () => {
    // Pizza 10.00 (id 1) between ada, ben and chloe: 1 mod 3 = 1, so ben (the 2nd by id) pays the odd cent:
    // ada 3.33, ben 3.34, chloe 3.33. Taxi 7.00 (ben, not included) between ada and chloe: 3.50 each.
    // Balances: ada +3.34 +3.33 −3.50 = +3.17; ben −3.34 +7.00 = +3.66; chloe −3.33 −3.50 = −6.83.
    const bills = [
      bill({ id: 1, name: 'Pizza', amount: 10, ownerId: ada.id, payers: [ben.id, chloe.id] }),
      bill({
        id: 2,
        name: 'Taxi',
        amount: 7,
        ownerId: ben.id,
        payers: [ada.id, chloe.id],
        includeOwner: false,
      }),
    ];
    const room = { id: ROOM_ID, name: 'Board Game Night' };
    serveBills(roomSeed({ consolidated: true }, bills), [
      {
        id: 70,
        consolidationId: 3,
        room,
        payer: chloe,
        payee: ada,
        amount: 3.17,
        createdMinutesAgo: 5,
        paidOn: null,
      },
      // Someone else's payment of the round: the room's rounds list it too.
      {
        id: 72,
        consolidationId: 3,
        room,
        payer: chloe,
        payee: ben,
        amount: 3.66,
        createdMinutesAgo: 5,
        paidOn: null,
      },
      // Another room's payment is not this room's.
      {
        id: 71,
        consolidationId: 4,
        room: MOCK_MONEY_ROOMS.camden,
        payer: chloe,
        payee: ada,
        amount: 1,
        createdMinutesAgo: 5,
        paidOn: null,
      },
    ]);
    await renderSplit();
    const payments = within(await screen.findByRole('list', { name: 'Payments' }));
    await waitFor(() => expect(payments.getAllByTestId('payment')[0]).toHaveTextContent('Unpaid'));
    expect(payments.getAllByTestId('payment').map((p) => p.textContent)).toEqual([
      // The names with an arrow between them are seen; the sentence is read out.
      'chloe.mYouchloe.m pays you$3.17Unpaid',
      'chloe.mben_kchloe.m pays ben_k$3.66',
    ]);
    expect(screen.queryByRole('button', { name: 'Consolidate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('marks the signed-in user’s paid payments as paid', async () => {
    const bills = [bill({ id: 5, name: 'Tickets', amount: 20, ownerId: ben.id, payers: [ada.id] })];
    const room = { id: ROOM_ID, name: 'Board Game Night' };
    serveBills(roomSeed({ consolidated: true }, bills), [
      {
        id: 80,
        consolidationId: 3,
        room,
        payer: ada,
        payee: ben,
        amount: 10,
        createdMinutesAgo: 50,
        paidOn: '2026-11-21T10:00:00.000Z',
      },
    ]);
    await renderSplit();
    const payment = await screen.findByTestId('payment');
    await waitFor(() => expect(payment).toHaveTextContent('Paid'));
    expect(payment).toHaveTextContent('Youben_kYou pay ben_k$10.00Paid');
  });
});
