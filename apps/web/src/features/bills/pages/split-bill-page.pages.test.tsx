import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../test/server';
import { setTestLanguage } from '../../../test/i18n';
import type { MockBillSeed } from '../api/mocks';
import { ROOM_ID, ada, ben, chloe, dev, renderBillScreen, roomSeed, serveBills } from '../test-support';

/** An unpaid transfer to ben of 0.25 in the room's settled round 3 (the rounds' answer). */
const owedToBen = (id: number, payer: typeof ada) => ({
  id,
  consolidationId: 3,
  room: { id: ROOM_ID, name: 'Board Game Night' },
  payer,
  payee: ben,
  amount: 0.25,
  createdMinutesAgo: 9,
  paidOn: null,
});

// The split page reads bounded answers only (issue #22 item 2, docs/pagination.md): the room's bills summary for the
// total and the groups, each group's bills 10 at a time (`?ownerId=&limit=10`), the settled rounds a page at a time;
// never the room's whole bill list nor the caller's transactions. jsdom has no IntersectionObserver: "Load more" is
// pressed, as a keyboard or a screen reader would.

beforeEach(() => setTestLanguage('en', 'en-US'));
afterEach(() => server.events.removeAllListeners());
configure({ asyncUtilTimeout: 5000 });

const PATH = `/room/${ROOM_ID}/bill/split`;
const people = [ada, ben, chloe, dev];

/** `n` bills of `owner`, Lunch 1 the oldest, $1.00 … $n.00, shared by everyone. */
const billsOf = (owner: { id: number }, n: number, firstId: number, name = 'Lunch'): MockBillSeed[] =>
  Array.from({ length: n }, (_, i) => ({
    id: firstId + i,
    roomId: ROOM_ID,
    name: `${name} ${i + 1}`,
    amount: i + 1,
    ownerId: owner.id,
    payers: people.filter((p) => p.id !== owner.id).map((p) => p.id),
    includeOwner: true,
    addedMinutesAgo: 10_000 - firstId - i,
  }));

/** Every GET the page makes, by path, with its query. */
function recordReads() {
  const reads: { path: string; query: URLSearchParams }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET')
      reads.push({ path: url.pathname.replace(API_BASE, ''), query: url.searchParams });
  });
  return reads;
}

const seedOfFour = (bills: MockBillSeed[], overrides = {}) =>
  roomSeed({ members: people.map((p) => p.id), ...overrides }, bills);

async function renderSplit() {
  const view = renderBillScreen(PATH);
  await screen.findByTestId('room-total');
  return view;
}

describe('split bill: bounded reads', () => {
  it('totals from the summary; each group reads 10 of its bills, Load more the rest, inside the group', async () => {
    const reads = recordReads();
    serveBills(seedOfFour([...billsOf(ada, 12, 1), ...billsOf(ben, 2, 100, 'Taxi')]));
    await renderSplit();
    // 1 + … + 12 = 78, and 1 + 2 = 3: the summary's figures, not a sum of what is loaded.
    expect(screen.getByTestId('room-total')).toHaveTextContent('$81.00');
    expect(screen.getByText(/14 bills/)).toBeInTheDocument();
    // ben's taxis are the newest bills: his group comes first.
    const adaGroup = screen.getAllByTestId('bill-group')[1]!;
    const header = within(adaGroup).getByRole('button', { name: /ada/ });
    expect(header).toHaveTextContent('12 bills');
    expect(header).toHaveTextContent('$78.00');

    await userEvent.click(header);
    await waitFor(() => expect(within(adaGroup).getAllByTestId('bill')).toHaveLength(10));
    expect(within(adaGroup).getAllByTestId('bill')[0]).toHaveTextContent('Lunch 12');
    await userEvent.click(within(adaGroup).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(adaGroup).getAllByTestId('bill')).toHaveLength(12));
    expect(within(adaGroup).getAllByTestId('bill')[11]).toHaveTextContent('Lunch 1');
    expect(within(adaGroup).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // Never the whole list of the room's bills, nor anyone's transactions.
    const billReads = reads.filter((r) => r.path === '/bills');
    expect(billReads.length).toBeGreaterThan(0);
    for (const r of billReads) {
      expect(r.query.get('limit')).toBe('10');
      expect([String(ada.id), String(ben.id)]).toContain(r.query.get('ownerId'));
    }
    expect(reads.filter((r) => r.path.startsWith('/transactions'))).toEqual([]);
    expect(reads.filter((r) => r.path === `/rooms/${ROOM_ID}/bills/summary`)).toHaveLength(1);
  });

  it('reads the first five groups at once and any further group when it is opened', async () => {
    const extra = [
      { id: 21, username: 'eve_r', email: '', pictureUrl: '' },
      { id: 22, username: 'finn', email: '', pictureUrl: '' },
    ];
    const everyone = [...people, ...extra];
    const seed = roomSeed({ members: everyone.map((p) => p.id) }, [
      ...everyone.map((p, i) => billsOf(p, 1, 200 + i, `Round by ${p.username}`)[0]!),
    ]);
    seed.people.push(...extra);
    const reads = recordReads();
    serveBills(seed);
    await renderSplit();
    const groups = screen.getAllByTestId('bill-group');
    expect(groups).toHaveLength(6);
    await within(groups[4]!).findByText(/^Round by /);
    const owners = () => reads.filter((r) => r.path === '/bills').map((r) => r.query.get('ownerId'));
    expect(owners()).toHaveLength(5);
    // The oldest bill's owner comes last: ada (the first bill); her group is read when opened.
    expect(within(groups[5]!).getByRole('button')).toHaveTextContent('ada');
    expect(owners()).not.toContain(String(ada.id));
    await userEvent.click(within(groups[5]!).getByRole('button', { name: /ada/ }));
    expect(await within(groups[5]!).findByText('Round by ada 1')).toBeVisible();
    expect(owners()).toContain(String(ada.id));
  });

  it('a group whose bills cannot be loaded says so inside the group, and Try again loads them', async () => {
    serveBills(seedOfFour(billsOf(ben, 2, 1)));
    server.use(http.get(`${API_BASE}/bills`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await renderSplit();
    const group = screen.getByTestId('bill-group');
    await userEvent.click(within(group).getByRole('button', { name: /ben_k/ }));
    const alert = await within(group).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load ben_k’s bills.');
    expect(screen.getByTestId('room-total')).toHaveTextContent('$3.00');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(group).getAllByTestId('bill')).toHaveLength(2));
    expect(within(group).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deleting the last bill of a group removes the group and updates the summary', async () => {
    serveBills(seedOfFour([...billsOf(ada, 1, 1, 'Pizza'), ...billsOf(ben, 1, 2, 'Taxi')]));
    await renderSplit();
    expect(screen.getAllByTestId('bill-group')).toHaveLength(2);
    const adaGroup = screen.getAllByTestId('bill-group')[1]!;
    await userEvent.click(within(adaGroup).getByRole('button', { name: /ada/ }));
    await userEvent.click(await within(adaGroup).findByRole('button', { name: 'Delete Pizza 1' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill deleted')).toBeInTheDocument();
    expect(screen.getAllByTestId('bill-group')).toHaveLength(1);
    expect(screen.getByTestId('room-total')).toHaveTextContent('$1.00');
    expect(screen.getByText(/1 bill\b/)).toBeInTheDocument();
  });

  it('once consolidated, lists the payments of every settled round from the rounds, a page at a time', async () => {
    const reads = recordReads();
    serveBills(seedOfFour(billsOf(ben, 1, 1, 'Tickets'), { consolidated: true }), [
      owedToBen(90, ada),
      owedToBen(91, chloe),
      owedToBen(92, dev),
    ]);
    await renderSplit();
    const payments = within(await screen.findByRole('list', { name: 'Payments' }));
    expect(payments.getAllByTestId('payment').map((p) => p.textContent)).toEqual([
      'Youben_kYou pay ben_k$0.25Unpaid',
      'chloe.mben_kchloe.m pays ben_k$0.25',
      'dev_patelben_kdev_patel pays ben_k$0.25',
    ]);
    const roundReads = reads.filter((r) => r.path === `/rooms/${ROOM_ID}/rounds`);
    expect(roundReads).toHaveLength(1);
    expect(roundReads[0]!.query.get('limit')).toBe('20');
    expect(reads.filter((r) => r.path.startsWith('/transactions'))).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('says so when the payments cannot be loaded, and Try again loads them', async () => {
    serveBills(seedOfFour(billsOf(ben, 1, 1, 'Tickets'), { consolidated: true }), [owedToBen(90, ada)]);
    server.use(http.get(`${API_BASE}/rooms/:id/rounds`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await renderSplit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the payments.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment')).toHaveTextContent('You pay ben_k$0.25Unpaid');
  });
});
