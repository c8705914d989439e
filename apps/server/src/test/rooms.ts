import { createRoomResponse } from '@outing/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

export const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

export function roomPayload(overrides: Record<string, unknown> = {}, invitees: unknown[] = []) {
  return {
    room: {
      name: 'Friday dinner',
      date: nextWeek(),
      venue: 'Luigi’s Trattoria',
      venuePlaceId: 'local:luigi-s-trattoria',
      time: '19:30',
      imageUrl: '/imgs/party.png',
      isPrivate: false,
      description: 'Pasta and stories',
      ...overrides,
    },
    invitees,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const as = (t: TestApp, u: TestUser) => (method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${u.token}` },
    ...(payload ? { payload } : {}),
  });

export async function createRoom(
  t: TestApp,
  host: TestUser,
  overrides: Record<string, unknown> = {},
  invitees: unknown[] = [],
) {
  const res = await as(t, host)('POST', '/v1/rooms', roomPayload(overrides, invitees));
  expect(res.statusCode, res.body).toBe(200);
  return createRoomResponse.parse(res.json()).data;
}
