import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect, vi } from 'vitest';
import { CHAT_PAGE_SIZE, type Message, type Room } from '@outing/contract';
import type { RouteObject } from 'react-router';
import { API_BASE } from '@/lib/api-client';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { ok } from '@/mocks/envelope';
import { mockRoom } from '@/mocks/rooms/handlers';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken, testClaims } from '@/test/tokens';

// Shared by the chat screen's tests on msw: a conversation served by the tests' own handlers (the shared chat mocks
// answer one fixed demo page: src/mocks/chat/handlers.ts), the fake socket, and a scroll geometry for jsdom (which
// lays nothing out): every message row is 50 px tall, the view 400 px. What the server decides (paging, a send stored
// once, reads after a new message) is tested against it: chat.server.test.tsx.

export const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
export const ME = testClaims.user_id;
export const ben = { id: 11, username: 'ben_k', pictureUrl: '' };

export const ROW_PX = 50;
export const VIEW_PX = 400;

type Sender = Message['sender'];

export interface TestChatMessage {
  id: number;
  /** Null: the signed-in user (testClaims). */
  sender: Sender | null;
  content: string;
  sentAt: string;
}

export interface ChatSeed {
  room: Room;
  /** Oldest first. */
  messages: TestChatMessage[];
}

/** A room as GET /rooms/{id} answers it: Ben's board games three days from now. */
export function chatRoom(overrides: Partial<Room> & Pick<Room, 'id'>): Room {
  const host = { id: ben.id, username: ben.username, email: '', pictureUrl: '' };
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00.000Z';
  return {
    ...mockRoom({ date, time: '19:30', attendeesCount: 4 }),
    name: 'Friday board games',
    time: '19:30',
    venue: 'The Dice Box',
    venuePlaceId: 'local:the-dice-box',
    venueUrl: 'https://www.openstreetmap.org/search?query=The%20Dice%20Box',
    imageUrl: '/imgs/gathering.png',
    date,
    description: 'Bring snacks!',
    attendeesCount: 4,
    hostId: host.id,
    host,
    createdAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 86_400_000).toISOString(),
    isClosed: false,
    isPrivate: false,
    url: `http://localhost:5173/room/${overrides.id}`,
    currency: 'USD',
    ...overrides,
  };
}

/** `count` messages, one a minute from 2025-11-28 10:00 UTC; every fifth one is mine. */
export function conversation(count: number, start = Date.UTC(2025, 10, 28, 10, 0)): TestChatMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    sender: (i + 1) % 5 === 0 ? null : ben,
    content: `Message ${i + 1}`,
    sentAt: new Date(start + i * 60_000).toISOString(),
  }));
}

export function chatSeed(
  messages: TestChatMessage[],
  roomOverrides: Parameters<typeof chatRoom>[0] = { id: ROOM },
): ChatSeed {
  return { room: chatRoom({ name: 'Board games', ...roomOverrides }), messages };
}

const me: Sender = { id: ME, username: testClaims.username, pictureUrl: testClaims.picture_url };

/**
 * Serves `seed`'s room and its messages in pages of 20, newest first, older ones by `before` (the test's own
 * handlers); `add` stores a message as if someone had sent it. Sends get the shared mocks' fixed answer. Records the
 * `before` of every page request ('' for the newest page).
 */
export function serveChat(seed: ChatSeed) {
  const messages = [...seed.messages];
  const pageRequests: string[] = [];
  const toMessage = (m: TestChatMessage): Message => {
    const sender = m.sender ?? me;
    return {
      id: m.id,
      roomId: seed.room.id,
      senderId: sender.id,
      sender,
      content: m.content,
      sentAt: m.sentAt,
    };
  };
  server.use(
    http.get(`${API_BASE}/rooms/:id/messages`, ({ request }) => {
      const before = new URL(request.url).searchParams.get('before');
      pageRequests.push(before ?? '');
      const older = messages.filter((m) => before === null || m.id < Number(before));
      return ok({
        messages: older.reverse().slice(0, CHAT_PAGE_SIZE).map(toMessage),
        page: 1,
        pageCount: Math.max(1, Math.ceil(older.length / CHAT_PAGE_SIZE)),
      });
    }),
    http.get(`${API_BASE}/rooms/${seed.room.id}`, () => ok(seed.room)),
  );
  const add = (sender: Sender, content: string) => {
    const id = Math.max(0, ...messages.map((m) => m.id)) + 1;
    messages.push({ id, sender, content, sentAt: new Date().toISOString() });
    return id;
  };
  return { pageRequests, add };
}

/** Gives the message list a layout: rows of 50 px in a 400 px view. */
export function layOut(log: HTMLElement) {
  Object.defineProperty(log, 'scrollHeight', {
    configurable: true,
    get: () => log.querySelectorAll('li').length * ROW_PX,
  });
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => VIEW_PX });
}

export async function openChat(path = `/room/${ROOM}/chat`, routeList?: RouteObject[]) {
  const view = renderApp(path, { token: makeToken(), routeList });
  const log = await screen.findByRole('log', { name: 'Messages' });
  layOut(log);
  return { ...view, log };
}

/** Waits until the message list shows rows. */
export async function rows(log: HTMLElement) {
  await vi.waitFor(() => expect(log.querySelectorAll('li').length).toBeGreaterThan(0));
  return within(log);
}

/** The rows whose text is exactly `content`. */
export function rowsWith(log: HTMLElement, content: string): HTMLElement[] {
  return [...log.querySelectorAll('li')].filter((li) => li.querySelector('p')?.textContent === content);
}

export function scrollTo(log: HTMLElement, top: number) {
  act(() => {
    log.scrollTop = top;
    log.dispatchEvent(new Event('scroll'));
  });
}

export async function socket(): Promise<FakeWebSocket> {
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const latest = FakeWebSocket.latest();
  if (latest.readyState === 0) act(() => latest.open());
  return latest;
}

export function liveFrame(message: Pick<Message, 'id' | 'content'> & Partial<Message>) {
  return {
    type: 'CREATE_MESSAGE' as const,
    data: {
      id: message.id,
      roomId: message.roomId ?? ROOM,
      senderId: message.senderId ?? ben.id,
      senderName: message.sender?.username ?? ben.username,
      content: message.content,
      sentAt: message.sentAt ?? new Date().toISOString(),
    },
  };
}

export const composer = () => screen.getByRole('textbox', { name: 'Message' });
