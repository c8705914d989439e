import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { server } from '@/test/server';
import { chatEndpoints } from '@outing/contract';
import { mockFixed } from '@/mocks/route';
import { ROOM, chatSeed, conversation, openChat, rows, serveChat, socket } from '../test-helpers';

const MUTE = `${API_BASE}/rooms/:id/mute`;

beforeEach(() => {
  FakeWebSocket.reset();
  setRealtimeSocketClass(FakeWebSocket);
});

/** The room's unread entry: not muted. */
function serveReads() {
  server.use(mockFixed(chatEndpoints.unread, [{ roomId: ROOM, lastReadId: 2, unread: 3, muted: false }]));
}

afterEach(() => {
  setRealtimeSocketClass(undefined);
});

describe('chat page: read markers, VIEWING and mute', () => {
  // Marking read up to the newest message, and again when one arrives: chat.server.test.tsx (the server's ids).

  it('tells the server it views the chat on open, and again after a reconnect', async () => {
    serveChat(chatSeed(conversation(5)));
    const { log } = await openChat();
    await rows(log);
    const ws = await socket();
    expect(ws.sent).toEqual([{ type: 'VIEWING', data: { roomId: ROOM } }]);

    // The server forgets it with the socket: the next one says it again.
    act(() => ws.serverClose(1006));
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const next = FakeWebSocket.latest();
    act(() => next.open());
    expect(next.sent).toEqual([{ type: 'VIEWING', data: { roomId: ROOM } }]);
  });

  it('sends VIEWING null when the chat closes', async () => {
    serveChat(chatSeed(conversation(5)));
    const { log, router } = await openChat();
    await rows(log);
    const ws = await socket();
    await act(() => router.navigate('/'));
    await waitFor(() =>
      expect(ws.sent).toEqual([
        { type: 'VIEWING', data: { roomId: ROOM } },
        { type: 'VIEWING', data: { roomId: null } },
      ]),
    );
  });

  it('"Mute chat" toggles the mute on the server and shows it', async () => {
    const bodies: unknown[] = [];
    serveChat(chatSeed(conversation(3)));
    serveReads();
    server.use(
      http.patch(MUTE, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    await openChat();
    const toggle = await screen.findByRole('button', { name: 'Mute chat' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(bodies).toEqual([{ muted: true }]);
    expect(screen.getByRole('banner')).toHaveTextContent('Muted');
    expect(await screen.findByText('Chat muted: no notifications for new messages.')).toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(bodies).toEqual([{ muted: true }, { muted: false }]);
  });

  it('keeps the mute as it was when the server refuses', async () => {
    serveChat(chatSeed(conversation(3)));
    serveReads();
    server.use(http.patch(MUTE, () => fail(500, 'INTERNAL', 'Something went wrong.')));
    await openChat();
    const toggle = await screen.findByRole('button', { name: 'Mute chat' });
    await userEvent.click(toggle);
    expect(await screen.findByText("Could not change the chat's notifications.")).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
