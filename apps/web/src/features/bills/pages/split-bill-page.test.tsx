import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../test/server';
import { MOCK_MONEY_ROOMS } from '../../transactions/api/mocks';
import type { MockBillSeed } from '../api/mocks';
import { ROOM_ID, ada, ben, chloe, renderBillScreen, roomSeed, serveBills } from '../test-support';
import { setTestLanguage } from '../../../test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

// Screens load lazily: under a busy machine the first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const PATH = `/room/${ROOM_ID}/bill/split`;

const bill = (
  b: Partial<MockBillSeed> & Pick<MockBillSeed, 'id' | 'name' | 'amount' | 'ownerId' | 'payers'>,
) => ({
  roomId: ROOM_ID,
  includeOwner: true,
  addedMinutesAgo: 100 - b.id,
  ...b,
});

// Newest first as the server lists them: Taxi (ben), Drinks (ada), Pizza (ada).
const threeBills = [
  bill({
    id: 1,
    name: 'Pizza',
    amount: 42,
    ownerId: ada.id,
    payers: [ben.id, chloe.id],
    date: '2026-11-20T12:30:00.000Z',
  }),
  bill({ id: 2, name: 'Drinks', amount: 10.1, ownerId: ada.id, payers: [ben.id], includeOwner: false }),
  bill({ id: 3, name: 'Taxi', amount: 7, ownerId: ben.id, payers: [ada.id, chloe.id], includeOwner: false }),
];

async function renderSplit(state?: unknown) {
  const view = renderBillScreen(PATH, state);
  await screen.findByRole('heading', { level: 1, name: 'Split bill' });
  return view;
}

const groups = () => screen.getAllByTestId('bill-group');

describe('split bill: bills by owner', () => {
  it('groups the bills by owner with each total, and the room total to the cent', async () => {
    serveBills(roomSeed({}, threeBills));
    await renderSplit();
    expect(await screen.findByTestId('room-total')).toHaveTextContent('$59.10');
    expect(screen.getByText(/3 bills/)).toBeInTheDocument();
    const [first, second] = groups();
    expect(groups()).toHaveLength(2);
    // Ben's bill is the newest, so his group comes first.
    const benHeader = within(first!).getByRole('button', { expanded: false });
    expect(benHeader).toHaveTextContent('ben_k');
    expect(benHeader).toHaveTextContent('1 bill');
    expect(benHeader).toHaveTextContent('$7.00');
    const adaHeader = within(second!).getByRole('button', { expanded: false });
    expect(adaHeader).toHaveTextContent('ada');
    expect(adaHeader).toHaveTextContent('2 bills');
    expect(adaHeader).toHaveTextContent('$52.10');
  });

  it('opens a group to show each bill: name, amount, who shares it, date', async () => {
    serveBills(roomSeed({}, threeBills));
    await renderSplit();
    await screen.findByTestId('room-total');
    const adaGroup = groups()[1]!;
    // Each group reads its own bills (a page of 10); they are in the page, hidden, until the group opens.
    expect(await within(adaGroup).findByText('Pizza')).not.toBeVisible();
    await userEvent.click(within(adaGroup).getByRole('button', { name: /ada/ }));
    expect(within(adaGroup).getByRole('button', { name: /ada/ })).toHaveAttribute('aria-expanded', 'true');
    const [drinks, pizza] = within(adaGroup).getAllByTestId('bill');
    expect(pizza).toHaveTextContent('Pizza');
    expect(pizza).toHaveTextContent('$42.00');
    expect(pizza).toHaveTextContent('Split between ada, ben_k, chloe.m');
    expect(pizza).toHaveTextContent(/Nov 20, 2026/);
    expect(drinks).toHaveTextContent('Drinks');
    expect(drinks).toHaveTextContent('$10.10');
    expect(drinks).toHaveTextContent('Split between ben_k (ada not included)');
    await userEvent.click(within(adaGroup).getByRole('button', { name: /ada/ }));
    expect(pizza).not.toBeVisible();
  });

  it('says so when there are no bills, without a Consolidate button', async () => {
    serveBills(roomSeed());
    await renderSplit();
    expect(await screen.findByText('No bills yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create bill' })).toHaveAttribute(
      'href',
      `/room/${ROOM_ID}/bill/create`,
    );
    expect(screen.queryByRole('button', { name: 'Consolidate' })).not.toBeInTheDocument();
  });

  it('alerts "Failed to fetch bill" when the bills cannot be loaded, with a retry', async () => {
    serveBills(roomSeed({}, threeBills));
    let calls = 0;
    // The room's bills as the page reads them: their summary (total, count, groups).
    server.use(
      http.get(`${API_BASE}/rooms/:id/bills/summary`, () => {
        calls += 1;
        if (calls === 1) return fail(500, 'INTERNAL', 'Something went wrong.');
        return undefined;
      }),
    );
    await renderSplit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch bill');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('room-total')).toHaveTextContent('$59.10');
  });
});

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

describe('split bill: deleting a bill', () => {
  it('the owner deletes their bill after confirmation; it leaves the list', async () => {
    serveBills(roomSeed({ hostId: chloe.id, members: [chloe.id, ada.id, ben.id] }, threeBills));
    await renderSplit();
    await screen.findByTestId('room-total');
    const [benGroup, adaGroup] = groups();
    await userEvent.click(within(benGroup!).getByRole('button', { name: /ben_k/ }));
    await userEvent.click(within(adaGroup!).getByRole('button', { name: /ada/ }));
    // Not the host: only ada's own bills can go.
    expect(within(benGroup!).queryByRole('button', { name: 'Delete Taxi' })).not.toBeInTheDocument();
    await userEvent.click(await within(adaGroup!).findByRole('button', { name: 'Delete Drinks' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Drinks?' });
    expect(dialog).toHaveTextContent('$10.10 paid by ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill deleted')).toBeInTheDocument();
    expect(screen.queryByText('Drinks')).not.toBeInTheDocument();
    expect(screen.getByTestId('room-total')).toHaveTextContent('$49.00');
  });

  it('the host may delete anyone’s bill; a refusal says why and keeps it', async () => {
    serveBills(roomSeed({}, threeBills));
    server.use(
      http.delete(`${API_BASE}/bills/:id`, () =>
        fail(409, 'CONFLICT', 'The bills of this room are already consolidated.'),
      ),
    );
    await renderSplit();
    await screen.findByTestId('room-total');
    const benGroup = groups()[0]!;
    await userEvent.click(within(benGroup).getByRole('button', { name: /ben_k/ }));
    await userEvent.click(await within(benGroup).findByRole('button', { name: 'Delete Taxi' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete bill: The bills of this room are already consolidated.'),
    ).toBeInTheDocument();
    expect(within(benGroup).getByText('Taxi')).toBeInTheDocument();
  });
});
