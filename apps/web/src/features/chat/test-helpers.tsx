import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect, vi } from 'vitest';
import type { Message } from '@outing/contract';
import type { RouteObject } from 'react-router';
import { API_BASE } from '@/lib/api-client';
import { FakeWebSocket } from '@/lib/realtime/fake-web-socket';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken, testClaims } from '@/test/tokens';
import { createChatMock, mockChatRoom, type ChatMockSeed, type MockChatMessage } from '@/mocks/chat/handlers';

// Shared by the chat screen's tests: a seeded conversation served by the mock handlers, the fake socket, and a
// scroll geometry for jsdom (which lays nothing out): every message row is 50 px tall, the view 400 px.

export const ROOM = '0b7e4b1c-8d6f-4a2e-9c3d-1e2f3a4b5c6d';
export const ME = testClaims.user_id;
export const ben = { id: 11, username: 'ben_k', pictureUrl: '' };

export const ROW_PX = 50;
export const VIEW_PX = 400;

/** `count` messages, one a minute from 2025-11-28 10:00 UTC; every fifth one is mine. */
export function conversation(count: number, start = Date.UTC(2025, 10, 28, 10, 0)): MockChatMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    sender: (i + 1) % 5 === 0 ? null : ben,
    content: `Message ${i + 1}`,
    sentAt: new Date(start + i * 60_000).toISOString(),
  }));
}

export function chatSeed(
  messages: MockChatMessage[],
  roomOverrides: Parameters<typeof mockChatRoom>[0] = { id: ROOM },
) {
  return {
    rooms: [{ room: mockChatRoom({ name: 'Board games', ...roomOverrides }), messages }],
  } satisfies ChatMockSeed;
}

/** Serves `seed`; records the `before` of every page request ('' for the newest page). */
export function serveChat(seed: ChatMockSeed) {
  const mock = createChatMock(seed);
  const pageRequests: string[] = [];
  server.use(
    http.get(`${API_BASE}/rooms/:id/messages`, ({ request }) => {
      pageRequests.push(new URL(request.url).searchParams.get('before') ?? '');
    }),
    ...mock.handlers,
    ...mock.roomHandlers,
  );
  return { ...mock, pageRequests };
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
