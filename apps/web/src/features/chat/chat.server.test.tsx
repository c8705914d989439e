// The chat against the real server (src/test/real-server.ts; docs/principles.md, principle 7): its pages and what
// `before` returns, a retried send stored once by its clientId (issue #21), and the read marker after a new message
// are the server's (docs/api/README.md#chat). The msw tests (pages/chat-*.test.tsx) keep the screen's states.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesPageResponse, messageResponse } from '@outing/contract';
import { realServer, type TestUser } from '@/test/real-server';
import type { OutboxEntry } from './lib/outbox';

const server = realServer();

const ROW_PX = 50;
const VIEW_PX = 400;

afterEach(() => vi.restoreAllMocks());

/** Every call to `path` the page makes (method, query, JSON body), passed on to the server. */
function recordCalls(path: string) {
  const calls: { method: string; query: URLSearchParams; body?: unknown }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === path) {
      const text = typeof init?.body === 'string' ? init.body : '';
      calls.push({
        method: request.method,
        query: url.searchParams,
        ...(text && { body: JSON.parse(text) }),
      });
    }
    return realFetch(input, init);
  });
  return calls;
}

/** A room of `host`'s named Board games, which `me` has joined. */
async function boardGames(host: TestUser, me: TestUser) {
  const { room } = await server.room(host, { name: 'Board games' });
  await server.api(me).patch(`/rooms/${room.id}/join`);
  return room.id;
}

async function send(user: TestUser, roomId: string, content: string, clientId?: string) {
  const body = { content, ...(clientId && { clientId }) };
  return server.api(user).post(`/rooms/${roomId}/messages`, body, messageResponse);
}

async function stored(user: TestUser, roomId: string, content: string) {
  const page = await server.api(user).get(`/rooms/${roomId}/messages`, messagesPageResponse);
  return page.messages.filter((m) => m.content === content);
}

/** The message list, given a layout (jsdom lays nothing out): rows of 50 px in a 400 px view. */
async function messageLog() {
  const log = await screen.findByRole('log', { name: 'Messages' });
  Object.defineProperty(log, 'scrollHeight', {
    configurable: true,
    get: () => log.querySelectorAll('li').length * ROW_PX,
  });
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => VIEW_PX });
  await waitFor(() => expect(log.querySelectorAll('li').length).toBeGreaterThan(0));
  return log;
}

const rowsWith = (log: HTMLElement, content: string) =>
  [...log.querySelectorAll('li')].filter((li) => li.querySelector('p')?.textContent === content);

function scrollTo(log: HTMLElement, top: number) {
  act(() => {
    log.scrollTop = top;
    log.dispatchEvent(new Event('scroll'));
  });
}

const outboxKey = (user: TestUser) => `outing.outbox.${user.id}`;
const storedOutbox = (user: TestUser) =>
  JSON.parse(localStorage.getItem(outboxKey(user)) ?? '[]') as OutboxEntry[];

describe('chat, against the real server', () => {
  it('shows the room name, the newest page at the bottom, and loads older pages with `before` at the top', async () => {
    const [host, me] = await server.users(2);
    const roomId = await boardGames(host, me);
    const ids: number[] = [];
    for (let i = 1; i <= 45; i += 1)
      ids.push((await send(i % 5 === 0 ? me : host, roomId, `Message ${i}`)).id);
    const pages = recordCalls(`/v1/rooms/${roomId}/messages`);
    const befores = () => pages.filter((c) => c.method === 'GET').map((c) => c.query.get('before') ?? '');
    const view = server.render(`/room/${roomId}/chat`, me);
    const log = await messageLog();
    expect(await screen.findByRole('heading', { level: 1, name: 'Board games' })).toBeInTheDocument();
    // The real socket's first open re-fetches the newest page (cache-sync): older pages are told by their `before`.
    await view.live();

    // The newest 20 (26–45), oldest first, and the view at the bottom.
    expect(rowsWith(log, 'Message 45')).toHaveLength(1);
    expect(rowsWith(log, 'Message 26')).toHaveLength(1);
    expect(rowsWith(log, 'Message 25')).toHaveLength(0);
    expect(log.querySelectorAll('li')).toHaveLength(20);
    expect(log.scrollTop).toBe(20 * ROW_PX);
    expect(log.querySelector('li p')?.textContent).toBe('Message 26');
    expect(befores().filter(Boolean)).toEqual([]);
    expect(befores()[0]).toBe('');

    // Near the top: the page before the oldest loaded message; the view stays on what it showed.
    scrollTo(log, 30);
    await waitFor(() => expect(log.querySelectorAll('li')).toHaveLength(40));
    expect(befores().filter(Boolean)).toEqual([String(ids[25])]);
    expect(log.querySelector('li p')?.textContent).toBe('Message 6');
    expect(log.scrollTop).toBe(30 + 20 * ROW_PX);

    scrollTo(log, 0);
    await waitFor(() => expect(log.querySelectorAll('li')).toHaveLength(45));
    expect(befores().filter(Boolean)).toEqual([String(ids[25]), String(ids[5])]);
    expect(log.querySelector('li p')?.textContent).toBe('Message 1');
    expect(screen.getByText('This is the start of the conversation')).toBeInTheDocument();

    // page = pageCount: nothing more to ask for.
    scrollTo(log, 0);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(befores().filter(Boolean)).toEqual([String(ids[25]), String(ids[5])]);
  });

  it('a waiting message survives a reload: it shows as "Sending…" and goes out with its own clientId', async () => {
    const [host, me] = await server.users(2);
    const roomId = await boardGames(host, me);
    const last = await send(host, roomId, 'Hello');
    const sends = recordCalls(`/v1/rooms/${roomId}/messages`);
    const waiting: OutboxEntry = {
      clientId: 'kept-1234-abcd',
      roomId,
      content: 'Written before the reload',
      after: last.id,
      sentAt: new Date().toISOString(),
      state: 'sending',
    };
    localStorage.setItem(outboxKey(me), JSON.stringify([waiting]));
    server.render(`/room/${roomId}/chat`, me);
    const log = await messageLog();
    await waitFor(() => expect(rowsWith(log, 'Written before the reload')).toHaveLength(1));
    await waitFor(() =>
      expect(sends.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { content: 'Written before the reload', clientId: 'kept-1234-abcd' },
      ]),
    );
    await waitFor(() =>
      expect(rowsWith(log, 'Written before the reload')[0]).not.toHaveAttribute('data-pending'),
    );
    expect(rowsWith(log, 'Written before the reload')).toHaveLength(1);
    expect(await stored(me, roomId, 'Written before the reload')).toHaveLength(1);
    expect(storedOutbox(me)).toEqual([]);
  });

  it('a waiting message the server already stored (its answer was lost) is stored once, and shown once', async () => {
    const [host, me] = await server.users(2);
    const roomId = await boardGames(host, me);
    const first = await send(me, roomId, 'On the train', 'lost-answer-1234');
    localStorage.setItem(
      outboxKey(me),
      JSON.stringify([
        {
          clientId: 'lost-answer-1234',
          roomId,
          content: 'On the train',
          after: first.id - 1,
          sentAt: first.sentAt,
          state: 'sending',
        } satisfies OutboxEntry,
      ]),
    );
    server.render(`/room/${roomId}/chat`, me);
    const log = await messageLog();
    await waitFor(() => expect(storedOutbox(me)).toEqual([]));
    await waitFor(() => expect(rowsWith(log, 'On the train')[0]).not.toHaveAttribute('data-pending'));
    expect(rowsWith(log, 'On the train')).toHaveLength(1);
    expect(await stored(me, roomId, 'On the train')).toEqual([expect.objectContaining({ id: first.id })]);
  });

  it('marks the chat read up to the newest message, and again when one arrives', async () => {
    const [host, me] = await server.users(2);
    const roomId = await boardGames(host, me);
    let last = 0;
    for (let i = 1; i <= 5; i += 1) last = (await send(host, roomId, `Message ${i}`)).id;
    const reads = recordCalls(`/v1/rooms/${roomId}/messages/read`);
    const readIds = () =>
      reads.filter((c) => c.method === 'PUT').map((c) => (c.body as { messageId?: number }).messageId);
    const view = server.render(`/room/${roomId}/chat`, me);
    await messageLog();
    await waitFor(() => expect(readIds()).toEqual([last]));

    await view.live();
    const live = await send(host, roomId, 'Live one');
    await waitFor(() => expect(readIds()).toEqual([last, live.id]));
  });
});
