import { render, screen, within } from '@testing-library/react';
import type { Message } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTestLanguage } from '@/test/i18n';
import { messageFromFrame } from '../api/message-cache';
import { MessageList } from './message-list';

// The "guest" mark (issue 35, docs/guests.md) after a guest sender's name: the server marks the sender
// `isGuest: true`, as every user of a room; a live frame takes it from the sender's earlier messages.

const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
const ME = 7;
/** A guest of the room: in it from its guest link, without an account. */
const mei = { id: 14, username: 'mei', pictureUrl: '', isGuest: true as const };
const ben = { id: 11, username: 'ben_k', pictureUrl: '' };

function message(id: number, sender: Message['sender'], content: string): Message {
  const sentAt = new Date(Date.UTC(2026, 10, 28, 18, id)).toISOString();
  return { id, roomId: ROOM, senderId: sender.id, sender, content, sentAt };
}

/** The name above each run of another sender's messages. */
const names = () => screen.getAllByRole('listitem').map((li) => li.firstElementChild as HTMLElement);

beforeEach(() => setTestLanguage('en', 'en-GB'));

describe('chat: the guest mark', () => {
  it('marks a guest sender after their name, and not an account', () => {
    render(
      <MessageList
        messages={[
          message(1, mei, 'Hi all'),
          message(2, ben, 'Hello'),
          message(3, { ...ben, id: ME }, 'Hey'),
        ]}
        userId={ME}
      />,
    );
    const [fromMei, fromBen, fromMe] = names();
    expect(fromMei).toHaveTextContent(/^mei, guest$/);
    expect(within(fromMei!).getByText('guest')).toHaveClass('shrink-0');
    expect(within(fromMei!).getByText('mei')).toHaveClass('truncate');
    expect(fromBen).toHaveTextContent(/^ben_k$/);
    expect(within(fromBen!).queryByText('guest')).not.toBeInTheDocument();
    expect(fromMe).toHaveTextContent(/^You$/);
  });

  it('keeps the mark on a message that arrives live, from the sender’s earlier messages', () => {
    const earlier = [message(1, mei, 'Hi all')];
    const live = messageFromFrame(
      {
        id: 2,
        roomId: ROOM,
        senderId: mei.id,
        senderName: 'mei',
        content: 'On my way',
        sentAt: earlier[0]!.sentAt,
      },
      earlier,
    );
    const fromBen = messageFromFrame(
      {
        id: 3,
        roomId: ROOM,
        senderId: ben.id,
        senderName: 'ben_k',
        content: 'Me too',
        sentAt: earlier[0]!.sentAt,
      },
      earlier,
    );
    render(<MessageList messages={[live, fromBen]} userId={ME} />);
    const [first, second] = names();
    expect(first).toHaveTextContent(/^mei, guest$/);
    expect(second).toHaveTextContent(/^ben_k$/);
  });
});
