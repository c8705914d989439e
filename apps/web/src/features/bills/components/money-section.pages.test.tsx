import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { applyFrame } from '@/app/realtime/cache-sync';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { setTestLanguage } from '@/test/i18n';
import { billEndpoints } from '@outing/contract';
import { mockPage, mockRoute } from '@/mocks/route';
import { testBill, type TestBill } from '@/features/bills/testing';
import { ada, ben, chloe, ROOM_ID, roomSeed } from '@/test/bill-screens';
import { renderMoney } from '@/test/money-section';

// The Money section reads the room's bills a page at a time (docs/pagination.md): 20, then the next 20 as the end
// of the list comes into view (jsdom has no IntersectionObserver: the tests press "Load more", which is also what a
// keyboard or a screen reader uses).

beforeEach(() => setTestLanguage('en', 'en-US'));

/** Lunch `n`, $n.00 paid by ada for the three (its shares written out, a cent more for ada when it does not divide). */
function lunch(n: number): TestBill {
  const third = Math.floor((n * 100) / 3) / 100;
  const shares: [number, number][] = [
    [ada.id, Math.round((n - 2 * third) * 100) / 100],
    [ben.id, third],
    [chloe.id, third],
  ];
  return { id: n, name: `Lunch ${n}`, amount: n, owner: ada, shares, minutesAgo: 1000 - n };
}
/** Newest first: Lunch n … Lunch 1 (not "Bill n": that is how a bill not loaded is named). */
const manyBills = (n: number) => Array.from({ length: n }, (_, i) => lunch(n - i));

const billNames = (list: HTMLElement) =>
  within(list)
    .getAllByTestId('money-bill')
    .map((row) => within(row).getByText(/^Lunch \d+$/).textContent);
const openList = () => screen.findByRole('list', { name: 'Bills of this room' });

/** Counts the GET /bills calls and what they asked for, without answering them. */
function recordBillReads() {
  const reads: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === `${API_BASE}/bills`) reads.push(url.searchParams);
  });
  return reads;
}

describe('Money section: the open round a page at a time', () => {
  it('shows the newest 20 of 23 bills, the rest with Load more; counts come from the whole round', async () => {
    const reads = recordBillReads();
    renderMoney({ seed: roomSeed({}, manyBills(23)) });
    const list = await openList();
    expect(billNames(list)).toEqual(Array.from({ length: 20 }, (_, i) => `Lunch ${23 - i}`));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.get('limit')).toBe('20');
    expect(reads[0]!.get('cursor')).toBeNull();

    // Settle up tells the payments of the whole ledger, whatever is loaded.
    await userEvent.click(screen.getByRole('button', { name: 'Tell everyone' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Tell everyone what they owe?' });
    expect(confirm).toHaveTextContent('Everyone is told what they owe now');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(billNames(list)).toHaveLength(23));
    expect(billNames(list).slice(20)).toEqual(['Lunch 3', 'Lunch 2', 'Lunch 1']);
    expect(reads).toHaveLength(2);
    expect(reads[1]!.get('cursor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('3 more loaded')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('a failed next page keeps the bills shown and says so; Try again loads it', async () => {
    renderMoney({ seed: roomSeed({}, manyBills(23)) });
    const list = await openList();
    server.use(http.get(`${API_BASE}/bills`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Could not load more bills.')).toBeInTheDocument();
    expect(billNames(list)).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(billNames(list)).toHaveLength(23));
    expect(screen.queryByText('Could not load more bills.')).not.toBeInTheDocument();
  });

  it('a new bill appears at the top without a reload (the socket frame refreshes the loaded pages)', async () => {
    let queryClient: QueryClient | undefined;
    function Probe() {
      queryClient = useQueryClient();
      return null;
    }
    const seed = roomSeed({}, manyBills(23));
    renderMoney({ seed, outsideRouter: <Probe /> });
    // GET /bills answers the bills as they are at each call.
    server.use(
      mockRoute(billEndpoints.list, ({ request }) => mockPage(billEndpoints.list, seed.bills, request)),
    );
    const list = await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(billNames(list)).toHaveLength(23));

    // Someone else adds a bill; this device hears of it by the room's socket frame.
    seed.bills.unshift(testBill(ROOM_ID, lunch(24)));
    applyFrame(queryClient!, { type: 'BILL_CREATED', data: { roomId: ROOM_ID } }, ada.id);
    await waitFor(() => expect(billNames(list)[0]).toBe('Lunch 24'));
    // Every loaded page is read again: nothing is lost or repeated.
    expect(billNames(list)).toEqual(Array.from({ length: 24 }, (_, i) => `Lunch ${24 - i}`));
  });

  it('a link to a bill beyond the first page reads pages until it is found', async () => {
    renderMoney({ seed: roomSeed({}, manyBills(23)), search: '?bill=2' });
    const dialog = await screen.findByRole('dialog', { name: 'Lunch 2' });
    expect(dialog).toHaveAccessibleDescription('$2.00 · Split equally among 3');
  });
});
