import { http } from 'msw';
import type { RoomUnread } from '@outing/contract';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { readJson, signedIn } from '../../../mocks/request';

// Mock mode for chat read markers, unread counts and mutes (docs/notifications.md). Listed before the rooms
// handlers: their GET /rooms/:id would otherwise answer GET /rooms/unread.

export function createChatReadsHandlers(seed: RoomUnread[] = []) {
  const entries = new Map(seed.map((e) => [e.roomId.toLowerCase(), { ...e }]));
  const entry = (roomId: string) => {
    const id = roomId.toLowerCase();
    let found = entries.get(id);
    if (!found) {
      found = { roomId: id, lastReadId: 0, unread: 0, muted: false };
      entries.set(id, found);
    }
    return found;
  };

  return [
    http.get(
      `${API_BASE}/rooms/unread`,
      signedIn(async () => {
        return ok([...entries.values()]);
      }),
    ),
    http.put<{ id: string }>(
      `${API_BASE}/rooms/:id/messages/read`,
      signedIn(async ({ request, params }) => {
        const { messageId } = await readJson(request);
        const e = entry(params.id);
        if (typeof messageId === 'number') e.lastReadId = Math.max(e.lastReadId, messageId);
        e.unread = 0;
        return ok({ roomId: e.roomId, lastReadId: e.lastReadId, unread: e.unread });
      }),
    ),
    http.patch<{ id: string }>(
      `${API_BASE}/rooms/:id/mute`,
      signedIn(async ({ request, params }) => {
        const { muted } = await readJson(request);
        if (typeof muted !== 'boolean') return fail(400, 'VALIDATION', 'Invalid body');
        const e = entry(params.id);
        e.muted = muted;
        return ok({ roomId: e.roomId, muted });
      }),
    ),
  ];
}

export const chatReadsHandlers = createChatReadsHandlers();
