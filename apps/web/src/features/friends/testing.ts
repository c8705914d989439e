import {
  friendEndpoints,
  type Friend,
  type FriendRequest,
  type SharedRoom,
  type User,
} from '@outing/contract';
import { fail } from '@/mocks/envelope';
import { mockFixed, mockFixedPage, mockOk, mockSignedIn } from '@/mocks/route';
import { server } from '@/test/server';

// Test helpers of the friends screens: friends and received requests as a test needs them, served as the test's own
// fixed answers (the shared mock answers mock mode's demo: src/mocks/friends.ts). Who becomes whose friend, and in
// which order lists come, is the server's: friends.server.test.tsx.

export const mockPerson = (id: number, username: string): User => ({
  id,
  username,
  email: '',
  pictureUrl: '',
});

/** The signed-in user of the tests' tokens (src/test/tokens.ts). */
const ada: User = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  pictureUrl: 'https://example.com/ada.png',
};

export function mockFriend(overrides: Partial<Friend> & Pick<Friend, 'id' | 'username'>): Friend {
  return {
    email: `${overrides.username.replace(/[^a-z0-9]/gi, '')}@example.com`,
    pictureUrl: '',
    isEmailValid: true,
    isOnline: false,
    lastSeen: '2025-06-01T10:00:00.000Z',
    registeredAt: '2025-03-14T09:30:00.000Z',
    ...overrides,
  };
}

/** A pending request `sender` sent the signed-in user. */
export const receivedRequest = (id: number, sender: User, sentAt: string): FriendRequest => {
  return {
    id,
    senderId: sender.id,
    receiverId: ada.id,
    sender,
    receiver: ada,
    status: 'pending',
    sentAt,
    respondedAt: null,
  };
};

/** Serves `friends` as the signed-in user's friends (in pages) and their count. */
export function serveFriends(friends: Friend[]) {
  server.use(
    mockFixedPage(friendEndpoints.list, friends),
    mockFixed(friendEndpoints.count, { numFriends: friends.length }),
  );
}

/** Serves `requests` as the requests the signed-in user received (in pages) and their count. */
export function serveFriendRequests(requests: FriendRequest[]) {
  server.use(
    mockFixedPage(friendEndpoints.requests, requests),
    mockFixed(friendEndpoints.requestsCount, { count: requests.length }),
  );
}

/** A room the signed-in user shares with a friend, as the friend page lists it. */
export const sharedRoom = (
  overrides: Partial<SharedRoom> & Pick<SharedRoom, 'id' | 'name' | 'date'>,
): SharedRoom => ({
  time: '19:30',
  startsAt: overrides.date.replace('T00:00:00.000Z', 'T11:30:00.000Z'),
  timeZone: 'Asia/Singapore',
  venue: 'Lau Pa Sat',
  isClosed: false,
  imageUrl: '/imgs/party.png',
  pictureUrl: null,
  ...overrides,
});

/** Serves GET /users/{id}/friends/{friendId} for `friends` (404 for anyone else), with the rooms shared with each. */
export function serveFriendDetails(friends: Friend[], rooms: Record<number, SharedRoom[]> = {}) {
  server.use(
    mockSignedIn(friendEndpoints.detail, ({ params }) => {
      const friend = friends.find((f) => String(f.id) === params.friendId);
      if (!friend) return fail(404, 'NOT_FOUND', 'You are not friends with this user.');
      const shared = rooms[friend.id] ?? [];
      return mockOk(friendEndpoints.detail, {
        user: friend,
        since: '2025-03-14T09:30:00.000Z',
        sharedRooms: shared,
        numSharedRooms: shared.length,
      });
    }),
  );
}
