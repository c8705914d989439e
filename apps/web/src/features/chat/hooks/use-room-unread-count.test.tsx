import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { withProviders } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { ME, ROOM, liveFrame } from '../test-helpers';
import { useRoomUnreadCount } from './use-room-unread-count';

const OTHER_ROOM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function ChatButton({ roomId }: { roomId: string }) {
  const unread = useRoomUnreadCount(roomId);
  return <output data-testid="unread">{unread}</output>;
}

function RoomPage() {
  const [shown, setShown] = useState(true);
  const [roomId, setRoomId] = useState(ROOM);
  return (
    <>
      {shown && <ChatButton roomId={roomId} />}
      <button onClick={() => setShown((s) => !s)}>toggle</button>
      <button onClick={() => setRoomId(OTHER_ROOM)}>other room</button>
    </>
  );
}

async function setUp() {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
  render(withProviders(<RoomPage />));
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return socket;
}

const unread = () => screen.getByTestId('unread').textContent;

beforeEach(() => {
  FakeWebSocket.reset();
  setRealtimeSocketClass(FakeWebSocket);
});

afterEach(() => {
  setRealtimeSocketClass(undefined);
});

describe('useRoomUnreadCount', () => {
  it("counts other people's messages of this room only", async () => {
    const socket = await setUp();
    expect(unread()).toBe('0');
    act(() => socket.receive(liveFrame({ id: 1, content: 'a' })));
    act(() => socket.receive(liveFrame({ id: 2, content: 'b' })));
    expect(unread()).toBe('2');
    act(() => socket.receive(liveFrame({ id: 3, content: 'elsewhere', roomId: OTHER_ROOM })));
    act(() => socket.receive(liveFrame({ id: 4, content: 'mine', senderId: ME })));
    act(() => socket.receive({ type: 'ROOM_UPDATED', data: { roomId: ROOM } }));
    expect(unread()).toBe('2');
  });

  it('starts again from 0 when remounted or for another room', async () => {
    const socket = await setUp();
    act(() => socket.receive(liveFrame({ id: 1, content: 'a' })));
    expect(unread()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    act(() => socket.receive(liveFrame({ id: 2, content: 'while away' })));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(unread()).toBe('0');

    act(() => socket.receive(liveFrame({ id: 3, content: 'b' })));
    expect(unread()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'other room' }));
    expect(unread()).toBe('0');
    act(() => socket.receive(liveFrame({ id: 4, content: 'c', roomId: OTHER_ROOM })));
    expect(unread()).toBe('1');
  });
});
