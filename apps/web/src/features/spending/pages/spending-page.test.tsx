import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { billEndpoints, type RoomStats } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { isGuestPath } from '@/app/routes/protected-route';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { mockFixed } from '@/mocks/route';
import { ada, ben, chloe, ROOM_ID, roomSeed, serveBills } from '@/test/bill-screens';
import { setTestLanguage } from '@/test/i18n';
import { renderApp } from '@/test/render-app';
import { renderMoney } from '@/test/money-section';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { emptyStats, mei, weekendStats } from '../testing';

// The Spending view (issue 36): the figures of GET /rooms/{id}/stats as the server answers them (fixed here; the
// sums are the server's, tested in apps/server), drawn as charts and written out as tables for screen readers.

beforeEach(() => setTestLanguage('en', 'en-US'));

const PATH = `/room/${ROOM_ID}/spending`;

function serve(stats: RoomStats = weekendStats) {
  const seed = roomSeed({ members: [ada.id, ben.id, chloe.id, mei.id] });
  seed.people.push(mei);
  serveBills(seed);
  server.use(mockFixed(billEndpoints.stats, stats));
}

/** A table's rows as text, cell by cell: what a screen reader reads. */
function rowsOf(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

describe('the Spending view', () => {
  it('shows the total and each chart’s figures', async () => {
    serve();
    renderApp(PATH, { token: makeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spending' })).toBeInTheDocument();
    const total = await screen.findByRole('region', { name: 'Total spent' });
    expect(total).toHaveTextContent('$850.50');
    expect(total).toHaveTextContent('Over 5 days · 4 people');
    expect(screen.getByRole('heading', { name: 'By category' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'By person' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'By day' })).toBeInTheDocument();
    // The drawn rows: each category's name and amount, largest first, and its share of the total.
    const byCategory = screen.getByRole('region', { name: 'By category' });
    expect(byCategory).toHaveTextContent(/Lodging\$420\.00\s*49%Food\$186\.40\s*22%/);
    // The largest day is written above its bar.
    expect(screen.getByRole('region', { name: 'By day' })).toHaveTextContent('$420.00');
  });

  it('writes every chart’s numbers as a table with a caption', async () => {
    serve();
    renderApp(PATH, { token: makeToken() });
    await screen.findByRole('table', { name: 'Spending by category' });
    expect(rowsOf('Spending by category')).toEqual([
      ['Category', 'Amount', 'Of the total'],
      ['Lodging', '$420.00', '49%'],
      ['Food', '$186.40', '22%'],
      ['Activities', '$90.00', '11%'],
      ['Drinks', '$64.50', '8%'],
      ['Transport', '$58.20', '7%'],
      ['Groceries', '$31.40', '4%'],
    ]);
    expect(rowsOf('What each person paid and their share')).toEqual([
      ['Person', 'Paid', 'Share'],
      ['ada (you)', '$484.50', '$212.63'],
      ['ben_k', '$217.80', '$212.62'],
      ['chloe.m', '$148.20', '$212.63'],
      ['mei, guest', '$0.00', '$212.62'],
    ]);
    expect(rowsOf('Spending by day')).toEqual([
      ['Day', 'Amount'],
      ['Fri, Nov 20, 2026', '$420.00'],
      ['Sat, Nov 21, 2026', '$122.70'],
      ['Sun, Nov 22, 2026', '$186.40'],
      ['Tue, Nov 24, 2026', '$90.00'],
      ['Wed, Nov 25, 2026', '$31.40'],
    ]);
  });

  it('hides the drawings from screen readers, which read the tables', async () => {
    serve();
    const { container } = renderApp(PATH, { token: makeToken() });
    await screen.findByRole('table', { name: 'Spending by day' });
    for (const svg of container.querySelectorAll('svg'))
      expect(svg.closest('[aria-hidden="true"]')).not.toBeNull();
    // A day without bills between two with bills is drawn as an empty bar: six days, Monday the 23rd included.
    const days = within(screen.getByRole('region', { name: 'By day' })).getAllByText(
      /^(Fri|Sat|Sun|Mon|Tue|Wed)$/,
    );
    expect(days.map((d) => d.textContent)).toEqual(['Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']);
  });

  it('marks a guest by name, and names someone no longer in the room', async () => {
    serve({ ...weekendStats, byMember: [...weekendStats.byMember, { userId: 99, paid: 0, owes: 0 }] });
    renderApp(PATH, { token: makeToken() });
    const byPerson = await screen.findByRole('region', { name: 'By person' });
    expect(within(byPerson).getAllByText('guest')).not.toHaveLength(0);
    expect(rowsOf('What each person paid and their share').at(-1)).toEqual(['Member 99', '$0.00', '$0.00']);
    expect(rowsOf('What each person paid and their share')[2]).toEqual(['ben_k', '$217.80', '$212.62']);
  });

  it('says so when the room has no bills', async () => {
    serve(emptyStats);
    renderApp(PATH, { token: makeToken() });
    expect(await screen.findByText('No bills yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the figures could not load, and tries again', async () => {
    serve();
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/rooms/:id/stats`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : undefined;
      }),
    );
    renderApp(PATH, { token: makeToken() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this room’s spending.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Total spent' })).toHaveTextContent('$850.50');
    expect(calls).toBe(2);
  });

  it('speaks Chinese, with the money in the user’s locale', async () => {
    setTestLanguage('zh');
    serve();
    renderApp(PATH, { token: makeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: '花销' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: '总花销' })).toHaveTextContent('US$850.50');
    expect(rowsOf('按类别的花销')[1]).toEqual(['住宿', 'US$420.00', '49%']);
    expect(rowsOf('每人垫付的金额和份额')[4]).toEqual(['mei, 访客', 'US$0.00', 'US$212.62']);
    expect(rowsOf('按天的花销')[0]).toEqual(['日期', '金额']);
  });
});

describe('a guest of the room', () => {
  it('may open the Spending view', async () => {
    expect(isGuestPath(`/room/${ROOM_ID}/spending`, ROOM_ID)).toBe(true);
    expect(isGuestPath(`/room/${ROOM_ID}/spending/more`, ROOM_ID)).toBe(false);
    serve();
    const { router } = renderApp(PATH, {
      token: makeToken({ user_id: mei.id, username: 'mei', user_email: '', guest_room_id: ROOM_ID }),
    });
    expect(await screen.findByRole('region', { name: 'Total spent' })).toHaveTextContent('$850.50');
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    expect(rowsOf('What each person paid and their share')[4]).toEqual(['mei (you)', '$0.00', '$212.62']);
  });
});

describe('the way in and out', () => {
  it('the room’s Money section links to it', async () => {
    renderMoney();
    const link = await screen.findByRole('link', { name: 'Spending' });
    expect(link).toHaveAttribute('href', PATH);
  });

  it('Back, opened from a link elsewhere, goes to the room’s Money section', async () => {
    serve();
    const { router } = renderApp(PATH, { token: makeToken() });
    await screen.findByRole('region', { name: 'Total spent' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`));
    expect(router.state.location.hash).toBe('#money');
  });
});
