import { render, screen } from '@testing-library/react';
import type { Message } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTestLanguage } from '@/test/i18n';
import { messageFromFrame } from '../api/message-cache';
import { MessageList } from './message-list';

// A sender's display name (issue 37, docs/api/README.md#shapes) is shown above their messages; the username when
// they set none. A live frame carries it as `senderDisplayName`.

const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
const ME = 7;
const ben = { id: 11, username: 'ben_k', displayName: 'Ben Kwok', pictureUrl: '' };
const cai = { id: 12, username: 'cai', displayName: '', pictureUrl: '' };

function message(id: number, sender: Message['sender'], content: string): Message {
  const sentAt = new Date(Date.UTC(2026, 10, 28, 18, id)).toISOString();
  return { id, roomId: ROOM, senderId: sender.id, sender, content, sentAt };
}

const names = () => screen.getAllByRole('listitem').map((li) => li.firstElementChild as HTMLElement);

beforeEach(() => setTestLanguage('en', 'en-GB'));

describe('chat: display names', () => {
  it('names a sender by their display name, and by the username when it is ""', () => {
    render(<MessageList messages={[message(1, ben, 'Hello'), message(2, cai, 'Hi')]} userId={ME} />);
    const [fromBen, fromCai] = names();
    expect(fromBen).toHaveTextContent(/^Ben Kwok$/);
    expect(fromCai).toHaveTextContent(/^cai$/);
  });

  it('takes a live message’s sender name from `senderDisplayName`', () => {
    const live = messageFromFrame(
      {
        id: 3,
        roomId: ROOM,
        senderId: ben.id,
        senderName: 'ben_k',
        senderDisplayName: 'Ben Kwok',
        content: 'On my way',
        sentAt: new Date(Date.UTC(2026, 10, 28, 18, 3)).toISOString(),
      },
      [],
    );
    render(<MessageList messages={[live]} userId={ME} />);
    expect(names()[0]).toHaveTextContent(/^Ben Kwok$/);
  });
});
