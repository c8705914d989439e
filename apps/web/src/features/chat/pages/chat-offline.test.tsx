import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { chatSeed, composer, conversation, openChat, rowsWith, serveChat } from '../test-helpers';
import { SEND, withFakeSocket } from '../testing';

// Issue 37 item 6: the chat of a room never opened here, without a connection. Nothing is cached, so nothing can
// load: it says so instead of spinning forever; a message sent meanwhile stays in view, queued, until delivered.

withFakeSocket();

let online = true;
function goOffline() {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  onlineManager.setOnline(false);
}

beforeEach(() => {
  online = true;
});
afterEach(() => onlineManager.setOnline(true));

/** Sends fail at the network level while offline, and are stored once back online (the shared mock answers). */
function sendsWhileOffline() {
  const bodies: { content: string }[] = [];
  server.use(
    http.post(SEND, async ({ request }) => {
      bodies.push((await request.clone().json()) as { content: string });
      if (!online) return HttpResponse.error();
      return undefined;
    }),
  );
  return bodies;
}

describe('chat offline, nothing cached', () => {
  it('says it is offline instead of a spinner, and lists a message sent meanwhile as queued', async () => {
    serveChat(chatSeed(conversation(3)));
    const bodies = sendsWhileOffline();
    goOffline();
    const { log } = await openChat();
    expect(
      await within(log).findByText("You're offline — messages will load when you reconnect."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading messages' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading messages')).not.toBeInTheDocument();

    await userEvent.type(composer(), 'On my way{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    const [row] = rowsWith(log, 'On my way');
    expect(row).toHaveAttribute('data-pending', 'true');
    expect(within(row!).getByText("Queued — sends when you're back online")).toBeInTheDocument();
    expect(composer()).toHaveValue('');
  });

  it('loads the conversation once the connection returns', async () => {
    serveChat(chatSeed(conversation(3)));
    goOffline();
    const { log } = await openChat();
    await within(log).findByText("You're offline — messages will load when you reconnect.");
    online = true;
    act(() => {
      onlineManager.setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(await within(log).findByText('Message 3')).toBeInTheDocument();
    expect(within(log).queryByText(/You're offline/)).not.toBeInTheDocument();
  });

  it('says "Sending…" while a send is on its way online', async () => {
    serveChat(chatSeed(conversation(3)));
    let answer = () => {};
    server.use(
      http.post(SEND, () => new Promise<undefined>((resolve) => (answer = () => resolve(undefined)))),
    );
    const { log } = await openChat();
    await within(log).findByText('Message 3');
    await userEvent.type(composer(), 'Almost there{Enter}');
    const [row] = rowsWith(log, 'Almost there');
    expect(within(row!).getByText('Sending…')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(rowsWith(log, 'Almost there')[0]).not.toHaveAttribute('data-pending'));
  });
});
