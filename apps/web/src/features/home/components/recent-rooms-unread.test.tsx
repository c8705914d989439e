import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { chatEndpoints } from '@outing/contract';
import { mockFixed } from '@/mocks/route';
import { MOCK_ROOM_IDS } from '@/mocks/rooms/handlers';
import { serveRooms } from '@/features/rooms/testing';
import { noTransactions } from '@/features/transactions/testing';

const football = MOCK_ROOM_IDS.football;

beforeEach(() => {
  serveRooms();
  server.use(noTransactions());
  server.use(
    mockFixed(chatEndpoints.unread, [
      { roomId: football, lastReadId: 10, unread: 3, muted: false },
      { roomId: MOCK_ROOM_IDS.birthday, lastReadId: 5, unread: 0, muted: false },
    ]),
  );
  FakeWebSocket.reset();
  setRealtimeSocketClass(FakeWebSocket);
});
afterEach(() => setRealtimeSocketClass(undefined));

async function tiles() {
  const carousel = await screen.findByRole('list', { name: 'Recent rooms' });
  const tile = (name: string) => within(carousel).getByRole('link', { name: new RegExp(name) });
  return { carousel, tile };
}

describe('Home room cards: chat unread', () => {
  it('shows each room’s unread chat count on its card, none at 0', async () => {
    renderApp('/', { token: makeToken() });
    const { tile } = await tiles();
    const badge = await within(tile('Sunday Football')).findByTestId('room-unread-badge');
    expect(badge).toHaveTextContent('3');
    expect(tile('Sunday Football')).toHaveAccessibleName(expect.stringContaining('(3 unread)'));
    expect(within(tile("Ben's 30th Birthday")).queryByTestId('room-unread-badge')).not.toBeInTheDocument();
  });

  it('rises with a message of someone else and clears with CHAT_READ, live', async () => {
    renderApp('/', { token: makeToken() });
    const { tile } = await tiles();
    await within(tile('Sunday Football')).findByTestId('room-unread-badge');
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    // The open re-fetches what frames may have been missed: let that answer land first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));

    const message = (senderId: number, id: number) => ({
      type: 'CREATE_MESSAGE' as const,
      data: {
        id,
        roomId: football,
        senderId,
        sender: { id: senderId, username: 'ben_k', pictureUrl: '' },
        content: 'See you',
        sentAt: new Date().toISOString(),
      },
    });
    act(() => socket.receive(message(11, 12)));
    await waitFor(() =>
      expect(within(tile('Sunday Football')).getByTestId('room-unread-badge')).toHaveTextContent('4'),
    );
    // One's own message (another device) is not unread.
    act(() => socket.receive(message(7, 13)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(tile('Sunday Football')).getByTestId('room-unread-badge')).toHaveTextContent('4');

    act(() => socket.receive({ type: 'CHAT_READ', data: { roomId: football, lastReadId: 13, unread: 0 } }));
    await waitFor(() =>
      expect(within(tile('Sunday Football')).queryByTestId('room-unread-badge')).not.toBeInTheDocument(),
    );
  });
});
