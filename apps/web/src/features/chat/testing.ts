import { afterEach, beforeEach } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { setRealtimeSocketClass } from '@/lib/realtime/socket-class';

// Shared by chat-page.test.tsx and chat-page.rejections.test.tsx (alongside ./test-helpers): the send endpoint, and
// the fake socket installed around every test of the file.

export const SEND = `${API_BASE}/rooms/:id/messages`;

/** Registers hooks that give each test a fresh FakeWebSocket as the realtime socket, and take it away after. */
export function withFakeSocket() {
  beforeEach(() => {
    FakeWebSocket.reset();
    setRealtimeSocketClass(FakeWebSocket);
  });

  afterEach(() => {
    setRealtimeSocketClass(undefined);
  });
}
