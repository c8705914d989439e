import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeToken } from '../../../test/tokens';
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
    await act(() => vi.advanceTimersByTimeAsync(299)); // product-spec §9: 300 ms
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
