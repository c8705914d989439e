import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '@/features/rooms/testing';

const OLD = 'aaaaaaaa-2222-4333-8444-555555555555';
const OLDER = 'bbbbbbbb-2222-4333-8444-555555555555';

describe('past outings', () => {
  it('the profile links to the closed rooms I was in, newest closed first; one opens the room', async () => {
    serveRooms({
      rooms: [
        seedRoom(),
        seedRoom({ id: OLDER, name: 'Quiz night', isClosed: true, updatedMinutesAgo: 600 }),
        seedRoom({ id: OLD, name: 'Beach day', isClosed: true, image: 'sports', updatedMinutesAgo: 60 }),
        // Closed, but I was never in it.
        seedRoom({
          id: 'cccccccc-2222-4333-8444-555555555555',
          name: 'Not mine',
          isClosed: true,
          members: [11],
        }),
      ],
    });
    const { router } = renderApp('/profile', { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: /Past outings/ }));
    const list = await screen.findByRole('list', { name: 'Past outings' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Beach day'),
      expect.stringContaining('Quiz night'),
    ]);
    expect(links[0]!.querySelector('img')).toHaveAttribute('src', '/imgs/sports.png');
    await userEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${OLD}`));
    expect(await screen.findByRole('region', { name: 'This outing is over' })).toBeInTheDocument();
  });

  it('says there are none yet', async () => {
    serveRooms({ rooms: [seedRoom()] });
    renderApp('/profile/past', { token: makeToken() });
    expect(await screen.findByText('No past outings yet')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/rooms/past`, () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL', 'Boom.') : ok([]);
      }),
    );
    renderApp('/profile/past', { token: makeToken() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your past outings.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No past outings yet')).toBeInTheDocument();
  });
});

describe('past outings pages (docs/pagination.md)', () => {
  it('shows 20, then the next page with Load more; a failed page keeps the rows and retries', async () => {
    serveRooms({
      rooms: Array.from({ length: 22 }, (_, i) =>
        seedRoom({
          id: `dddddddd-2222-4333-8444-${String(100 + i).padStart(12, '0')}`,
          name: `Closed ${i}`,
          isClosed: true,
          updatedMinutesAgo: i + 1,
        }),
      ),
    });
    renderApp('/profile/past', { token: makeToken() });
    const list = await screen.findByRole('list', { name: 'Past outings' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);

    server.use(http.get(`${API_BASE}/rooms/past`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Could not load more past outings.')).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(22));
    expect(screen.getByText('Closed 21')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
