import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fail } from '@/mocks/envelope';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { server } from '@/test/server';
import type { OutboxEntry } from '../lib/outbox';
import {
  ME,
  ROOM,
  chatSeed,
  composer,
  conversation,
  openChat,
  rows,
  rowsWith,
  serveChat,
  socket,
} from '../test-helpers';
import { SEND, withFakeSocket } from '../testing';

// Issue #21: a message sent without a connection waits in the outbox ("Sending…"), survives a reload, and is
// delivered once when the connection returns, with the same clientId on every try.

withFakeSocket();

const OUTBOX_KEY = `outing.outbox.${ME}`;

function storedOutbox(): OutboxEntry[] {
  return JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]') as OutboxEntry[];
}

/**
 * Every POST body, and the network down until `up()`; `delivered` the bodies that reached the server once it is up
 * (then the shared chat mock answers). That the server stores a retried send once is its rule, tested against it
 * (chat.server.test.tsx).
 */
function flakySends() {
  const bodies: { content: string; clientId: string }[] = [];
  const delivered: { content: string; clientId: string }[] = [];
  let online = false;
  server.use(
    http.post(SEND, async ({ request }) => {
      const body = (await request.clone().json()) as { content: string; clientId: string };
      bodies.push(body);
      if (!online) return HttpResponse.error();
      delivered.push(body);
      return undefined;
    }),
  );
  return { bodies, delivered, up: () => (online = true) };
}

async function reconnect(ws: FakeWebSocket) {
  act(() => ws.serverClose(1006));
  act(() => vi.advanceTimersByTime(5000));
  act(() => FakeWebSocket.latest().open());
}

describe('chat outbox', () => {
  it('a message sent offline shows as queued at once, and is delivered once with the same clientId when the connection returns', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    serveChat(chatSeed(conversation(3)));
    const net = flakySends();
    const { log } = await openChat();
    await rows(log);
    const ws = await socket();

    await userEvent.type(composer(), 'On the train{Enter}');
    await waitFor(() => expect(net.bodies).toHaveLength(1));
    // No answer: the draft does not come back, the message waits, greyed, saying so: the server is out of reach,
    // so it is queued (issue 37), not being sent.
    expect(composer()).toHaveValue('');
    const [row] = rowsWith(log, 'On the train');
    expect(row).toHaveAttribute('data-pending', 'true');
    expect(await within(row!).findByText("Queued — sends when you're back online")).toBeInTheDocument();
    expect(screen.queryByText('Failed to send message')).not.toBeInTheDocument();
    expect(storedOutbox()).toEqual([expect.objectContaining({ content: 'On the train', state: 'sending' })]);

    // A reconnect while still offline: tried again, same clientId, still waiting.
    await reconnect(ws);
    await waitFor(() => expect(net.bodies).toHaveLength(2));
    expect(rowsWith(log, 'On the train')[0]).toHaveAttribute('data-pending', 'true');

    // Back online: the next reconnect delivers it.
    net.up();
    await reconnect(FakeWebSocket.latest());
    await waitFor(() => expect(rowsWith(log, 'On the train')[0]).not.toHaveAttribute('data-pending'));
    expect(rowsWith(log, 'On the train')).toHaveLength(1);
    const ids = new Set(net.bodies.map((b) => b.clientId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(net.delivered.filter((b) => b.content === 'On the train')).toHaveLength(1);
    expect(storedOutbox()).toEqual([]);
    vi.useRealTimers();
  });

  it('a waiting message the server refuses shows "Not sent": Retry sends it again with the same clientId, Delete drops it', async () => {
    serveChat(chatSeed(conversation(3)));
    const sent: { clientId: string }[] = [];
    let refuse = true;
    server.use(
      http.post(SEND, async ({ request }) => {
        sent.push((await request.clone().json()) as { clientId: string });
        if (refuse) return fail(500, 'INTERNAL', 'Boom.');
        return undefined;
      }),
    );
    const entry = (clientId: string, content: string): OutboxEntry => ({
      clientId,
      roomId: ROOM,
      content,
      after: 3,
      sentAt: new Date().toISOString(),
      state: 'sending',
    });
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify([entry('first-12345678', 'Retry me'), entry('second-1234567', 'Delete me')]),
    );
    const { log } = await openChat();
    await rows(log);
    await waitFor(() => expect(rowsWith(log, 'Delete me')[0]).toHaveAttribute('data-failed', 'true'));
    expect(rowsWith(log, 'Retry me')[0]).toHaveAttribute('data-failed', 'true');
    expect(within(rowsWith(log, 'Retry me')[0]!).getByText('Not sent')).toBeInTheDocument();

    await userEvent.click(within(rowsWith(log, 'Delete me')[0]!).getByRole('button', { name: 'Delete' }));
    expect(rowsWith(log, 'Delete me')).toHaveLength(0);
    expect(storedOutbox().map((e) => e.clientId)).toEqual(['first-12345678']);

    refuse = false;
    await userEvent.click(within(rowsWith(log, 'Retry me')[0]!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowsWith(log, 'Retry me')[0]).not.toHaveAttribute('data-failed'));
    await waitFor(() => expect(rowsWith(log, 'Retry me')[0]).not.toHaveAttribute('data-pending'));
    expect(sent.filter((b) => b.clientId === 'first-12345678')).toHaveLength(2);
    expect(storedOutbox()).toEqual([]);
  });
});
