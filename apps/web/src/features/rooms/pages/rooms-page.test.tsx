import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '../testing';

const rooms = [
  seedRoom({ id: '11111111-2222-4333-8444-000000000001', name: 'Pizza Night', updatedMinutesAgo: 1 }),
  seedRoom({ id: '11111111-2222-4333-8444-000000000002', name: 'pub quiz', updatedMinutesAgo: 2 }),
  seedRoom({ id: '11111111-2222-4333-8444-000000000003', name: 'Spa Day', updatedMinutesAgo: 3 }),
  seedRoom({ id: '11111111-2222-4333-8444-000000000004', name: 'Team Pizza', updatedMinutesAgo: 4 }),
];

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => within(link).getByText(/Pizza|pub|Spa/).textContent);

async function renderRooms() {
  const view = renderApp('/rooms', { token: makeToken() });
  const list = await screen.findByRole('list', { name: 'Your rooms' });
  return { ...view, list, input: screen.getByRole('searchbox', { name: 'Search rooms' }) };
}

beforeEach(() => {
  serveRooms({ rooms, invites: [] });
});

describe('rooms list', () => {
  it('lists every room, each linking to /room/{id}', async () => {
    const { list } = await renderRooms();
    expect(names(list)).toEqual(['Pizza Night', 'pub quiz', 'Spa Day', 'Team Pizza']);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/room/11111111-2222-4333-8444-000000000001',
    );
  });

  it('filters by name prefix, case-insensitively, only once typing has paused for 300 ms', async () => {
    const { list, input } = await renderRooms();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.change(input, { target: { value: 'p' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'PI' } });
    await act(() => vi.advanceTimersByTimeAsync(299)); // docs/product.md#constants: 300 ms
    expect(names(list)).toHaveLength(4);

    await act(() => vi.advanceTimersByTimeAsync(1));
    // "Team Pizza" contains "pi" but does not start with it.
    expect(names(screen.getByRole('list', { name: 'Your rooms' }))).toEqual(['Pizza Night']);

    fireEvent.change(input, { target: { value: 'p' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(names(screen.getByRole('list', { name: 'Your rooms' }))).toEqual(['Pizza Night', 'pub quiz']);
  });

  it('says so when no room starts with the text, and clearing shows them all again', async () => {
    const { input } = await renderRooms();
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No rooms start with “zzz”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(names(await screen.findByRole('list', { name: 'Your rooms' }))).toHaveLength(4);
  });

  it('shows the empty state with a way to create a room', async () => {
    serveRooms({ rooms: [], invites: [] });
    renderApp('/rooms', { token: makeToken() });
    expect(await screen.findByText('No rooms to display. Go create or join one!')).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Create room' });
    expect(create.every((link) => link.getAttribute('href') === '/rooms/create')).toBe(true);
  });
});

describe('rooms list pages (docs/pagination.md)', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      seedRoom({
        id: `11111111-2222-4333-8444-${String(100 + i).padStart(12, '0')}`,
        name: `Outing ${String(i).padStart(2, '0')}`,
        updatedMinutesAgo: i + 1,
      }),
    );
  const outings = (list: HTMLElement) =>
    within(list)
      .getAllByRole('link')
      .map((link) => within(link).getByText(/^Outing \d+$/).textContent);

  it('shows 20 rooms, then the next page with Load more, each once and in order', async () => {
    serveRooms({ rooms: many(24), invites: [] });
    const { list } = await renderRooms();
    expect(outings(list)).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('4 more loaded')).toBeInTheDocument();
    expect(outings(screen.getByRole('list', { name: 'Your rooms' }))).toEqual(
      Array.from({ length: 24 }, (_, i) => `Outing ${String(i).padStart(2, '0')}`),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the loaded rooms when the next page fails, and tries again', async () => {
    serveRooms({ rooms: many(21), invites: [] });
    const { list } = await renderRooms();
    server.use(http.get(`${API_BASE}/rooms`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Could not load more rooms.')).toBeInTheDocument();
    expect(outings(list)).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Outing 20')).toBeInTheDocument();
  });

  it('a search with no match among the loaded rooms offers the next page before saying none match', async () => {
    serveRooms({ rooms: [...many(20), seedRoom({ name: 'Zoo trip', updatedMinutesAgo: 99 })], invites: [] });
    const { input } = await renderRooms();
    await userEvent.type(input, 'zoo');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const list = await screen.findByRole('list', { name: 'Your rooms' });
    expect(within(list).getByText('Zoo trip')).toBeInTheDocument();
  });
});
