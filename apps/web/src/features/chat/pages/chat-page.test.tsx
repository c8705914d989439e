import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import {
  ROOM,
  ben,
  chatSeed,
  composer,
  conversation,
  openChat,
  rows,
  rowsWith,
  scrollTo,
  serveChat,
} from '../test-helpers';
import { SEND, withFakeSocket } from '../testing';
import ChatPage from './chat-page';

withFakeSocket();

/** The POST bodies the server received. */
function recordSends(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(SEND, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

describe('chat page: history', () => {
  // The pages themselves (`before`, the start of the conversation) are the server's: chat.server.test.tsx.
  it('does not load older messages while the reader is away from the top', async () => {
    const chat = serveChat(chatSeed(conversation(45)));
    const { log } = await openChat();
    await rows(log);
    scrollTo(log, 500);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(chat.pageRequests).toEqual(['']);
  });

  it("groups messages by day under headings like 'Friday 28 November'", async () => {
    const messages = [
      ...conversation(2, Date.UTC(2025, 10, 27, 21, 0)),
      ...conversation(2, Date.UTC(2025, 10, 28, 9, 0)).map((m) => ({ ...m, id: m.id + 2 })),
    ];
    serveChat(chatSeed(messages));
    const { log } = await openChat();
    await rows(log);
    const days = within(log).getAllByRole('heading', { level: 2 });
    expect(days.map((d) => d.textContent)).toEqual(['Thursday 27 November', 'Friday 28 November']);
    const thursday = within(log).getByRole('region', { name: 'Thursday 27 November' });
    const friday = within(log).getByRole('region', { name: 'Friday 28 November' });
    expect(
      within(thursday)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Message 1', 'Message 2']);
    expect(within(friday).getAllByRole('listitem')).toHaveLength(2);
  });

  it('puts own messages on the right without a name or avatar, and others on the left with both', async () => {
    serveChat(
      chatSeed([
        { id: 1, sender: ben, content: 'Hello from Ben', sentAt: '2025-11-28T10:00:00.000Z' },
        { id: 2, sender: null, content: 'Hello from me', sentAt: '2025-11-28T10:01:00.000Z' },
      ]),
    );
    const { log } = await openChat();
    await rows(log);
    const [theirs] = rowsWith(log, 'Hello from Ben');
    const [mine] = rowsWith(log, 'Hello from me');
    expect(theirs).toHaveAttribute('data-own', 'false');
    expect(theirs).toHaveClass('items-start');
    expect(within(theirs!).getByText('ben_k')).toBeVisible();
    expect(within(theirs!).getByTestId('avatar-initials')).toHaveTextContent('BK');
    expect(within(theirs!).getByText('10:00')).toBeInTheDocument();

    expect(mine).toHaveAttribute('data-own', 'true');
    expect(mine).toHaveClass('items-end');
    expect(within(mine!).queryByTestId('avatar-initials')).not.toBeInTheDocument();
    expect(within(mine!).getByText('You')).toHaveClass('sr-only');
    expect(mine!.querySelector('p')).toHaveClass('bg-brand-600');
  });

  it('shows an empty state when nobody has written yet', async () => {
    serveChat(chatSeed([]));
    await openChat();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(composer()).toBeEnabled();
  });

  it("shows 'Failed to fetch messages' with a retry when the messages cannot be fetched", async () => {
    serveChat(chatSeed(conversation(3)));
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/rooms/:id/messages`, () => {
        calls += 1;
        if (calls === 1) return fail(500, 'INTERNAL', 'Something went wrong.');
      }),
    );
    const { log } = await openChat();
    const alert = await within(log).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch messages');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await rows(log);
    expect(rowsWith(log, 'Message 3')).toHaveLength(1);
  });

  it('a closed room keeps its history readable and disables the composer with a note', async () => {
    serveChat(chatSeed(conversation(3), { id: ROOM, isClosed: true }));
    const { log } = await openChat();
    await rows(log);
    await waitFor(() => expect(composer()).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('This room is closed: no new messages can be sent.')).toBeInTheDocument();
  });

  it('the back button leads to the room when there is no history to go back to', async () => {
    serveChat(chatSeed(conversation(1)));
    // The room screen is another feature's: a stand-in keeps its calls out of this test.
    const { router } = await openChat(`/room/${ROOM}/chat`, [
      { path: '/room/:roomId/chat', element: <ChatPage /> },
      { path: '/room/:roomId', element: <p>Room page</p> },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Room page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${ROOM}`);
  });
});

describe('chat page: composer', () => {
  it('Enter sends the message; it appears once and the box empties', async () => {
    serveChat(chatSeed(conversation(3)));
    const sent = recordSends();
    const { log } = await openChat();
    await rows(log);
    await userEvent.type(composer(), '  See you at 7  {Enter}');
    await waitFor(() =>
      expect(sent).toEqual([{ content: '  See you at 7  ', clientId: expect.any(String) }]),
    );
    expect(composer()).toHaveValue('');
    await waitFor(() => expect(rowsWith(log, 'See you at 7')).toHaveLength(1));
    const [row] = rowsWith(log, 'See you at 7');
    await waitFor(() => expect(row).not.toHaveAttribute('data-pending'));
    expect(row).toHaveAttribute('data-own', 'true');
  });

  it('Shift+Enter starts a new line instead of sending; the Send button sends too', async () => {
    serveChat(chatSeed(conversation(1)));
    const sent = recordSends();
    const { log } = await openChat();
    await rows(log);
    await userEvent.type(composer(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(composer()).toHaveValue('line one\nline two');
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent).toEqual([{ content: 'line one\nline two', clientId: expect.any(String) }]),
    );
    await waitFor(() => expect(rowsWith(log, 'line one\nline two')).toHaveLength(1));
  });

  it('never sends an empty or whitespace-only message', async () => {
    serveChat(chatSeed(conversation(1)));
    const sent = recordSends();
    const { log } = await openChat();
    await rows(log);
    const send = screen.getByRole('button', { name: 'Send' });
    await userEvent.click(composer());
    await userEvent.keyboard('{Enter}');
    expect(send).toBeDisabled();
    await userEvent.type(composer(), '   {Enter}');
    await userEvent.type(composer(), '{Shift>}{Enter}{/Shift} {Enter}');
    fireEvent.submit(composer().closest('form')!);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(sent).toEqual([]);
    expect(send).toBeDisabled();
  });

  it.each([
    [400, 'Invalid message'],
    [404, 'Room / User not found'],
    [403, 'Failed to send message'],
    [409, 'Failed to send message'],
    [500, 'Failed to send message'],
  ])('a send answered %i keeps the draft and shows %j', async (status, text) => {
    serveChat(chatSeed(conversation(1)));
    server.use(http.post(SEND, () => fail(status, 'VALIDATION', 'The server explains.')));
    const { log } = await openChat();
    await rows(log);
    await userEvent.type(composer(), 'Keep me{Enter}');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(composer()).toHaveValue('Keep me');
    expect(rowsWith(log, 'Keep me')).toHaveLength(0);
  });
});
