import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import {
  ME,
  ROW_PX,
  VIEW_PX,
  ben,
  chatSeed,
  composer,
  conversation,
  liveFrame,
  openChat,
  rows,
  rowsWith,
  scrollTo,
  serveChat,
  socket,
} from '../test-helpers';

const OTHER_ROOM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

beforeEach(() => {
  FakeWebSocket.reset();
  setRealtimeSocketClass(FakeWebSocket);
});

afterEach(() => {
  setRealtimeSocketClass(undefined);
});

describe('chat page: live messages', () => {
  it('a message from someone else appears once, and stays once through paging and a re-fetch', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const chat = serveChat(chatSeed(conversation(45)));
    const { log } = await openChat();
    await rows(log);
    const ws = await socket();

    // The server stores it, then sends the frame.
    const id = chat.add(ben, 'Live one');
    act(() => ws.receive(liveFrame({ id, content: 'Live one' })));
    expect(rowsWith(log, 'Live one')).toHaveLength(1);
    expect([...log.querySelectorAll('li p')].at(-1)?.textContent).toBe('Live one');
    // The frame carries no picture: the sender's avatar comes from the conversation.
    expect(rowsWith(log, 'Live one')[0]).toHaveAttribute('data-own', 'false');

    // The same frame again (e.g. a second tab's subscription) changes nothing.
    act(() => ws.receive(liveFrame({ id, content: 'Live one' })));
    expect(rowsWith(log, 'Live one')).toHaveLength(1);

    // Older pages are pinned with `before`: the live message does not shift them.
    scrollTo(log, 0);
    await waitFor(() => expect(rowsWith(log, 'Message 6')).toHaveLength(1));
    // (The socket's first open re-fetched the newest page too.)
    expect(chat.pageRequests.filter(Boolean)).toEqual(['26']);
    expect(rowsWith(log, 'Message 26')).toHaveLength(1);
    expect(rowsWith(log, 'Live one')).toHaveLength(1);

    // Dropped and back: the re-fetch brings the live message again, and a message sent meanwhile.
    act(() => ws.serverClose(1006));
    chat.add(ben, 'Sent while you were away');
    act(() => vi.advanceTimersByTime(5000));
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(rowsWith(log, 'Sent while you were away')).toHaveLength(1));
    expect(rowsWith(log, 'Live one')).toHaveLength(1);
    expect(rowsWith(log, 'Message 26')).toHaveLength(1);
    expect(rowsWith(log, 'Message 6')).toHaveLength(1);
    expect(log.querySelectorAll('li')).toHaveLength(42);
  });

  it('a connect before the first page has arrived catches up on the newest page only', async () => {
    const chat = serveChat(chatSeed(conversation(45)));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/rooms/:id/messages`, async () => {
        calls += 1;
        if (calls === 1) await gate; // the page's own first fetch is slow
      }),
    );
    const { log } = await openChat();
    // The screen's effects (its catch-up on connect among them) have run before the socket opens.
    await act(async () => {});
    await socket();
    await waitFor(() => expect(calls).toBe(2));
    release();
    await rows(log);
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(chat.pageRequests).toEqual(['', '']);
    expect(log.querySelectorAll('li')).toHaveLength(20);
  });

  it.each(['before', 'after'])(
    'an own message appears once when its echo arrives %s the answer',
    async (when) => {
      serveChat(chatSeed(conversation(3)));
      const mine = { ...ben, id: ME, username: 'ada' };
      const echo = liveFrame({ id: 4, content: 'Mine', senderId: ME, sender: mine });
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => (release = resolve));
      let posted = false;
      server.use(
        http.post(`${API_BASE}/rooms/:id/messages`, async ({ request }) => {
          posted = true;
          const { clientId } = (await request.clone().json()) as { clientId: string };
          await answered; // then the server answers it as message 4
          const { id, roomId, senderId, content, sentAt } = echo.data;
          return ok({ id, roomId, senderId, sender: mine, content, sentAt, clientId });
        }),
      );
      const { log } = await openChat();
      await rows(log);
      const ws = await socket();

      await userEvent.type(composer(), 'Mine{Enter}');
      await waitFor(() => expect(posted).toBe(true));
      // Shown at once as sending.
      expect(rowsWith(log, 'Mine')[0]).toHaveAttribute('data-pending', 'true');
      if (when === 'before') act(() => ws.receive(echo));
      release();
      await waitFor(() => expect(rowsWith(log, 'Mine')[0]).not.toHaveAttribute('data-pending'));
      if (when === 'after') act(() => ws.receive(echo));
      expect(rowsWith(log, 'Mine')).toHaveLength(1);
      expect(rowsWith(log, 'Mine')[0]).toHaveAttribute('data-own', 'true');
    },
  );

  it("shows only this room's messages", async () => {
    serveChat(chatSeed(conversation(3)));
    const { log } = await openChat();
    await rows(log);
    const ws = await socket();
    act(() => ws.receive(liveFrame({ id: 99, content: 'Elsewhere', roomId: OTHER_ROOM })));
    act(() => ws.receive(liveFrame({ id: 100, content: 'Here' })));
    expect(rowsWith(log, 'Elsewhere')).toHaveLength(0);
    expect(rowsWith(log, 'Here')).toHaveLength(1);
  });

  it('follows new messages at the bottom; further up it offers a "New messages" pill instead', async () => {
    serveChat(chatSeed(conversation(20)));
    const { log } = await openChat();
    await rows(log);
    const ws = await socket();
    const bottom = () => log.querySelectorAll('li').length * ROW_PX - VIEW_PX;

    // At the bottom: the view follows.
    scrollTo(log, bottom());
    act(() => ws.receive(liveFrame({ id: 21, content: 'Follow me' })));
    expect(log.scrollTop).toBe(21 * ROW_PX);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();

    // Reading older messages: the view stays, the pill appears.
    scrollTo(log, 300);
    act(() => ws.receive(liveFrame({ id: 22, content: 'Do not move' })));
    expect(log.scrollTop).toBe(300);
    const pill = screen.getByRole('button', { name: 'New messages' });
    await userEvent.click(pill);
    expect(log.scrollTop).toBe(22 * ROW_PX);
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();

    // Reaching the bottom by hand also clears it.
    scrollTo(log, 300);
    act(() => ws.receive(liveFrame({ id: 23, content: 'Another' })));
    expect(screen.getByRole('button', { name: 'New messages' })).toBeInTheDocument();
    scrollTo(log, bottom());
    expect(screen.queryByRole('button', { name: 'New messages' })).not.toBeInTheDocument();
  });

  it('says "Reconnecting…" while the socket is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serveChat(chatSeed(conversation(3)));
    const { log } = await openChat();
    await rows(log);
    const ws = await socket();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    act(() => ws.serverClose(1006));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    act(() => vi.advanceTimersByTime(5000));
    act(() => FakeWebSocket.latest().open());
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });
});
