import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import {
  ROOM,
  chatRoom,
  chatSeed,
  composer,
  conversation,
  openChat,
  rows,
  rowsWith,
  serveChat,
} from '../test-helpers';
import { SEND, withFakeSocket } from '../testing';

// Issue #10: what chat-page.test.tsx does not already cover (blank drafts and 400/403/404/409/500/network are).

withFakeSocket();

describe('chat composer: rejected sends', () => {
  it('a 429 shows "Failed to send message" and gives the draft back', async () => {
    serveChat(chatSeed(conversation(1)));
    server.use(http.post(SEND, () => fail(429, 'RATE_LIMITED', 'Too many requests.')));
    const { log } = await openChat();
    await rows(log);
    await userEvent.type(composer(), 'Keep me{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(composer()).toHaveValue('Keep me');
    expect(rowsWith(log, 'Keep me')).toHaveLength(0);
  });

  it('text typed while the send was on its way stays, after the draft that came back', async () => {
    serveChat(chatSeed(conversation(1)));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(SEND, async () => {
        await gate;
        return fail(500, 'INTERNAL', 'Boom.');
      }),
    );
    const { log } = await openChat();
    await rows(log);
    await userEvent.type(composer(), 'First{Enter}');
    await waitFor(() => expect(composer()).toHaveValue(''));
    await userEvent.type(composer(), 'Second');
    release();
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(composer()).toHaveValue('First\nSecond');
  });

  it('a 409 for a room closed meanwhile keeps the draft in the now disabled composer', async () => {
    serveChat(chatSeed(conversation(1)));
    const { log } = await openChat();
    await rows(log);
    server.use(
      http.post(SEND, () => fail(409, 'CONFLICT', 'This room is closed.')),
      http.get(`${API_BASE}/rooms/:id`, () =>
        ok(chatRoom({ id: ROOM, name: 'Board games', isClosed: true })),
      ),
    );
    await userEvent.type(composer(), 'Too late{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    await waitFor(() => expect(composer()).toBeDisabled());
    expect(composer()).toHaveValue('Too late');
    expect(screen.getByText(/This room is closed: no new messages can be sent./)).toBeInTheDocument();
  });

  it('a message is capped at 2000 characters as typed', async () => {
    serveChat(chatSeed(conversation(1)));
    const { log } = await openChat();
    await rows(log);
    await userEvent.click(composer());
    await userEvent.paste('m'.repeat(2100));
    expect(composer()).toHaveAttribute('maxLength', '2000');
    expect((composer() as HTMLTextAreaElement).value).toHaveLength(2000);
  });
});
