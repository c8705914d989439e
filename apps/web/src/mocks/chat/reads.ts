import { chatEndpoints } from '@outing/contract';
import { readJson } from '../request';
import { mockFixed, mockOk, mockSignedIn } from '../route';

// Mock mode for chat read markers, unread counts and mutes (docs/notifications.md), fixed (docs/principles.md,
// principle 7): nothing is unread, and reading or muting answers as the server would and stores nothing; what it
// changes is the server's, tested against it (chat.server.test.tsx). Tests serve their own unread counts.

export const chatReadsHandlers = [
  mockFixed(chatEndpoints.unread, []),
  mockSignedIn(chatEndpoints.read, async ({ request, params }) => {
    const { messageId } = await readJson(request);
    const lastReadId = typeof messageId === 'number' ? messageId : 0;
    return mockOk(chatEndpoints.read, { roomId: params.id, lastReadId, unread: 0 });
  }),
  mockSignedIn(chatEndpoints.mute, async ({ request, params }) => {
    const { muted } = await readJson(request);
    return mockOk(chatEndpoints.mute, { roomId: params.id, muted: muted === true });
  }),
];
