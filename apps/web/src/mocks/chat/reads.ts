import { chatEndpoints, type RoomUnread } from '@outing/contract';
import { readJson } from '../request';
import { mockFixed, mockOk, mockSignedIn } from '../route';

// Mock mode for chat read markers, unread counts and mutes (docs/notifications.md): fixed answers from `seed`
// (docs/principles.md, principle 7). Reading or muting answers as the server would and stores nothing; what it
// changes is the server's, tested against it (chat.server.test.tsx).

export function createChatReadsHandlers(seed: RoomUnread[] = []) {
  const entryOf = (roomId: string) => seed.find((e) => e.roomId === roomId);
  return [
    mockFixed(chatEndpoints.unread, seed),
    mockSignedIn(chatEndpoints.read, async ({ request, params }) => {
      const { messageId } = await readJson(request);
      const lastReadId = typeof messageId === 'number' ? messageId : (entryOf(params.id)?.lastReadId ?? 0);
      return mockOk(chatEndpoints.read, { roomId: params.id, lastReadId, unread: 0 });
    }),
    mockSignedIn(chatEndpoints.mute, async ({ request, params }) => {
      const { muted } = await readJson(request);
      return mockOk(chatEndpoints.mute, { roomId: params.id, muted: muted === true });
    }),
  ];
}

export const chatReadsHandlers = createChatReadsHandlers();
