import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from './fake-web-socket';
import { roomKey, type SocketFrame } from './frames';
import {
  RECONNECT_CHECK_MS,
  RealtimeClient,
  TOO_MANY_FIRST_WAIT_MS,
  TOO_MANY_MAX_WAIT_MS,
  type SocketClass,
} from './realtime-client';
import { realtimeUrl } from './socket-class';

const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
const OTHER_ROOM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function message(roomId: string, id = 1): SocketFrame {
  return {
    type: 'CREATE_MESSAGE',
    data: { id, roomId, senderId: 2, senderName: 'ben', content: 'hi', sentAt: '2025-11-28T10:00:00.000Z' },
  };
}

function makeClient(socketClass: SocketClass | null = FakeWebSocket) {
  return new RealtimeClient({
    socketClass: () => socketClass,
    url: (token) => `ws://test/v1/ws?token=${token}`,
  });
}

let client: RealtimeClient;

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
  client = makeClient();
});

afterEach(() => {
  client.setToken(null);
});

describe('RealtimeClient', () => {
  it('connects with the token and is open once the socket opens', () => {
    expect(client.state).toBe('offline');
    client.setToken('tok-1');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toBe('ws://test/v1/ws?token=tok-1');
    expect(client.state).toBe('connecting');
    FakeWebSocket.latest().open();
    expect(client.state).toBe('open');
  });

  it('checks every 5 s and reconnects a closed socket, and only a closed one', () => {
    client.setToken('tok-1');
    FakeWebSocket.latest().open();
    vi.advanceTimersByTime(RECONNECT_CHECK_MS * 3);
    expect(FakeWebSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().serverClose(1006);
    expect(client.state).toBe('reconnecting');
    // The next check is 5 s after the previous one, not after the drop.
    vi.advanceTimersByTime(RECONNECT_CHECK_MS - 1000 - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().token).toBe('tok-1');
    expect(client.state).toBe('reconnecting');

    // A failed attempt is tried again at the following check.
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_CHECK_MS);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().open();
    expect(client.state).toBe('open');
  });

  it('announces every open, the first and each reconnect', () => {
    const opened = vi.fn();
    client.onOpen(opened);
    client.setToken('tok-1');
    FakeWebSocket.latest().open();
    expect(opened).toHaveBeenCalledTimes(1);
    FakeWebSocket.latest().serverClose(1001);
    vi.advanceTimersByTime(RECONNECT_CHECK_MS);
    FakeWebSocket.latest().open();
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('closes the socket when the token changes or is cleared, and stops checking', () => {
    client.setToken('tok-1');
    const first = FakeWebSocket.latest();
    first.open();
    client.setToken('tok-2');
    expect(first.closedByClient).toBe(1000);
    expect(FakeWebSocket.latest().token).toBe('tok-2');
    expect(client.state).toBe('connecting');

    const second = FakeWebSocket.latest();
    second.open();
    client.setToken(null);
    expect(second.closedByClient).toBe(1000);
    expect(client.state).toBe('offline');
    vi.advanceTimersByTime(RECONNECT_CHECK_MS * 4);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('the same token again keeps the socket', () => {
    client.setToken('tok-1');
    client.setToken('tok-1');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().closedByClient).toBeNull();
  });

  it('stops trying after a 4401 until the token changes', () => {
    const unauthorized = vi.fn();
    client.onUnauthorized(unauthorized);
    client.setToken('tok-1');
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().serverClose(4401);
    expect(client.state).toBe('unauthorized');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RECONNECT_CHECK_MS * 5);
    client.check();
    expect(FakeWebSocket.instances).toHaveLength(1);

    client.setToken('tok-2');
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().token).toBe('tok-2');
  });

  it('after a 4429 (too many sockets) waits 30 s, then longer at each refusal, up to 5 min; an open resets it', () => {
    client.setToken('tok-1');
    FakeWebSocket.latest().serverClose(4429);
    expect(client.state).toBe('reconnecting');
    // The periodic check and the browser's "online" both ask; neither retries before the wait is over.
    vi.advanceTimersByTime(TOO_MANY_FIRST_WAIT_MS - 1);
    client.check();
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_CHECK_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // Refused again and again: 60 s, 120 s, 240 s, then 300 s at most; about a dozen attempts in an hour.
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      FakeWebSocket.latest().serverClose(4429);
      const count = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === count) {
        vi.advanceTimersByTime(RECONNECT_CHECK_MS);
        waited += RECONNECT_CHECK_MS;
      }
      waits.push(waited);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(2 * TOO_MANY_FIRST_WAIT_MS);
    expect(waits[1]).toBeGreaterThanOrEqual(4 * TOO_MANY_FIRST_WAIT_MS);
    expect(waits[3]).toBeGreaterThanOrEqual(TOO_MANY_MAX_WAIT_MS);
    expect(waits[4]).toBeLessThanOrEqual(TOO_MANY_MAX_WAIT_MS + RECONNECT_CHECK_MS);

    // A socket that opens resets the wait: the next refusal waits 30 s again; a plain drop retries at the next check.
    FakeWebSocket.latest().open();
    expect(client.state).toBe('open');
    FakeWebSocket.latest().serverClose(4429);
    const count = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(TOO_MANY_FIRST_WAIT_MS + RECONNECT_CHECK_MS);
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_CHECK_MS);
    expect(FakeWebSocket.instances).toHaveLength(count + 2);
  });

  it('a new token after a 4429 connects at once', () => {
    client.setToken('tok-1');
    FakeWebSocket.latest().serverClose(4429);
    client.setToken('tok-2');
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().token).toBe('tok-2');
  });

  it('routes a frame to the handlers of its type and of its type plus room id', () => {
    const byType = vi.fn();
    const thisRoom = vi.fn();
    const otherRoom = vi.fn();
    const bills = vi.fn();
    client.on('CREATE_MESSAGE', byType);
    client.on(roomKey('CREATE_MESSAGE', ROOM), thisRoom);
    client.on(roomKey('CREATE_MESSAGE', OTHER_ROOM), otherRoom);
    client.on(roomKey('BILL_CREATED', ROOM), bills);
    client.setToken('tok-1');
    const socket = FakeWebSocket.latest();
    socket.open();

    socket.receive(message(ROOM, 1));
    expect(byType).toHaveBeenCalledTimes(1);
    expect(thisRoom).toHaveBeenCalledWith(message(ROOM, 1));
    expect(otherRoom).not.toHaveBeenCalled();
    expect(bills).not.toHaveBeenCalled();

    socket.receive(message(OTHER_ROOM, 2));
    expect(byType).toHaveBeenCalledTimes(2);
    expect(thisRoom).toHaveBeenCalledTimes(1);
    expect(otherRoom).toHaveBeenCalledTimes(1);

    socket.receive({ type: 'BILL_CREATED', data: { roomId: ROOM } });
    expect(bills).toHaveBeenCalledTimes(1);
    expect(byType).toHaveBeenCalledTimes(2);
  });

  it('stops delivering after unsubscribing, ignores what is not a frame, and survives a failing handler', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = vi.fn(() => {
      throw new Error('boom');
    });
    const handler = vi.fn();
    client.on('CREATE_MESSAGE', failing);
    const off = client.on('CREATE_MESSAGE', handler);
    client.setToken('tok-1');
    const socket = FakeWebSocket.latest();
    socket.open();

    socket.receive('not json');
    socket.receive({ type: 'CREATE_MESSAGE' });
    expect(handler).not.toHaveBeenCalled();

    socket.receive(message(ROOM));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    off();
    socket.receive(message(ROOM, 2));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('ignores a replaced socket that closes or speaks late', () => {
    const handler = vi.fn();
    client.on('CREATE_MESSAGE', handler);
    client.setToken('tok-1');
    const old = FakeWebSocket.latest();
    client.setToken('tok-2');
    FakeWebSocket.latest().open();
    old.receive(message(ROOM));
    old.serverClose(4401);
    expect(handler).not.toHaveBeenCalled();
    expect(client.state).toBe('open');
  });

  it('does nothing without a socket class', () => {
    const quiet = makeClient(null);
    quiet.setToken('tok-1');
    vi.advanceTimersByTime(RECONNECT_CHECK_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(0);
    quiet.setToken(null);
  });
});

describe('realtimeUrl', () => {
  it('is the page host with ws:, or wss: on https, and the token escaped', () => {
    expect(realtimeUrl('a.b+c', { protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/v1/ws?token=a.b%2Bc',
    );
    expect(realtimeUrl('t', { protocol: 'https:', host: 'outing.example' })).toBe(
      'wss://outing.example/v1/ws?token=t',
    );
  });
});
