import {
  friendEndpoints,
  type Friend,
  type FriendRequest,
  type TokenClaims,
  type User,
} from '@outing/contract';
import { mockDelay } from '../../../mocks/delay';
import { okPage } from '../../../mocks/cursor-page';
import { fail, ok } from '../../../mocks/envelope';
import { readJson } from '../../../mocks/request';
import { mockRoute } from '../../../mocks/route';
import { claimsOf } from '../../../mocks/token';

// Mock mode for friends and friend requests (docs/api/README.md#users-and-friends). State lives per handler set, so each call of
// `createFriendsHandlers` starts afresh (tests pass their own seed). Everything is about the signed-in user.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function mockPerson(id: number, username: string, pictureUrl = ''): User {
  return { id, username, email: '', pictureUrl };
}

export function mockFriend(overrides: Partial<Friend> & Pick<Friend, 'id' | 'username'>): Friend {
  return {
    email: `${overrides.username.replace(/[^a-z0-9]/gi, '')}@example.com`,
    pictureUrl: '',
    isEmailValid: true,
    isOnline: false,
    lastSeen: minutesAgo(90),
    registeredAt: '2025-03-14T09:30:00.000Z',
    ...overrides,
  };
}

/** A pending request the signed-in user received. */
export interface ReceivedRequestSeed {
  id: number;
  sender: User;
  sentAt: string;
}

export interface FriendsMockSeed {
  friends: Friend[];
  /** Everyone else the search can find (besides the senders of received requests). */
  people: User[];
  received: ReceivedRequestSeed[];
  /** Ids of people the signed-in user has already asked. */
  sentTo: number[];
}

export function defaultFriendsSeed(): FriendsMockSeed {
  return {
    friends: [
      mockFriend({ id: 11, username: 'ben_k', isOnline: true, lastSeen: minutesAgo(0) }),
      mockFriend({ id: 12, username: 'chloe.m', pictureUrl: 'https://i.pravatar.cc/150?img=47' }),
      mockFriend({ id: 13, username: 'dev_patel', isOnline: true, lastSeen: minutesAgo(1) }),
      mockFriend({ id: 14, username: 'emma.w', lastSeen: minutesAgo(60 * 26) }),
      mockFriend({ id: 15, username: 'felix', pictureUrl: 'https://i.pravatar.cc/150?img=12' }),
    ],
    people: [
      mockPerson(21, 'hannah_b'),
      mockPerson(22, 'harry.p', 'https://i.pravatar.cc/150?img=33'),
      mockPerson(23, 'isla'),
      mockPerson(24, 'jack_r'),
      mockPerson(25, 'jasmine'),
      mockPerson(26, 'kai'),
      mockPerson(27, 'leo_m'),
      mockPerson(28, 'lily.h', 'https://i.pravatar.cc/150?img=5'),
      mockPerson(29, 'mia'),
      mockPerson(30, 'noah_t'),
      mockPerson(31, 'olivia'),
      mockPerson(32, 'oscar'),
    ],
    received: [
      {
        id: 101,
        sender: mockPerson(41, 'sophie_r', 'https://i.pravatar.cc/150?img=44'),
        sentAt: minutesAgo(20),
      },
      { id: 102, sender: mockPerson(42, 'tom.h'), sentAt: minutesAgo(60 * 3) },
      { id: 103, sender: mockPerson(43, 'zara'), sentAt: minutesAgo(60 * 24 * 2) },
    ],
    sentTo: [22],
  };
}

/** `{id}` must be the caller (docs/api/README.md#users-and-friends). */
function caller(request: Request, id: string): TokenClaims | Response {
  const claims = claimsOf(request);
  if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
  if (String(claims.user_id) !== id) return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
  return claims;
}

const meAsUser = (claims: TokenClaims): User => ({
  id: claims.user_id,
  username: claims.username,
  email: claims.user_email,
  pictureUrl: claims.picture_url,
});

const userId = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;

export function createFriendsHandlers(seed: FriendsMockSeed = defaultFriendsSeed()) {
  let friends = [...seed.friends];
  let people = [...seed.people];
  const sentTo = new Set(seed.sentTo);
  const received = seed.received.map((r) => ({
    ...r,
    status: 'pending' as FriendRequest['status'],
    respondedAt: null as string | null,
  }));
  let nextRequestId = 1000;

  const pendingFrom = (senderId: number) =>
    received.some((r) => r.sender.id === senderId && r.status === 'pending');
  const findPerson = (id: number) =>
    people.find((p) => p.id === id) ?? received.find((r) => r.sender.id === id)?.sender;
  const toRequest = (r: (typeof received)[number], me: User): FriendRequest => ({
    id: r.id,
    senderId: r.sender.id,
    receiverId: me.id,
    status: r.status,
    sender: r.sender,
    receiver: me,
    sentAt: r.sentAt,
    respondedAt: r.respondedAt,
  });
  const byUsername = (a: { username: string }, b: { username: string }) =>
    a.username.localeCompare(b.username);

  return [
    mockRoute(friendEndpoints.list, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      return okPage([...friends].sort(byUsername), request);
    }),

    mockRoute(friendEndpoints.count, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      return ok({ numFriends: friends.length });
    }),

    mockRoute(friendEndpoints.search, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      const query = (new URL(request.url).searchParams.get('query') ?? '').trim().toLowerCase();
      if (query === '') return ok([]);
      const candidates = [...people, ...received.filter((r) => r.status === 'pending').map((r) => r.sender)];
      const found = candidates
        .filter((p) => p.id !== claims.user_id && !friends.some((f) => f.id === p.id))
        .filter((p) => p.username.toLowerCase().includes(query))
        .sort(byUsername)
        .slice(0, 10)
        .map((p) => ({ ...p, email: '', requestPending: sentTo.has(p.id) || pendingFrom(p.id) }));
      return ok(found);
    }),

    mockRoute(friendEndpoints.sendRequest, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      const friendId = userId((await readJson(request)).friendId);
      if (!Number.isInteger(friendId) || friendId <= 0) {
        return fail(400, 'VALIDATION', 'friendId must be a user id');
      }
      if (friendId === claims.user_id)
        return fail(409, 'CONFLICT', 'You cannot send a friend request to yourself.');
      const friend = friends.find((f) => f.id === friendId);
      if (friend) return fail(409, 'CONFLICT', `You are already friends with ${friend.username}.`);
      const target = findPerson(friendId);
      if (!target) return fail(404, 'NOT_FOUND', 'User not found.');
      if (sentTo.has(friendId)) {
        return fail(409, 'CONFLICT', `You have already sent ${target.username} a friend request.`);
      }
      if (pendingFrom(friendId)) {
        return fail(
          409,
          'CONFLICT',
          `${target.username} has already sent you a friend request. Accept it in your requests.`,
        );
      }
      sentTo.add(friendId);
      const me = meAsUser(claims);
      const sent: FriendRequest = {
        id: nextRequestId++,
        senderId: me.id,
        receiverId: target.id,
        status: 'pending',
        sender: me,
        receiver: target,
        sentAt: new Date().toISOString(),
        respondedAt: null,
      };
      return ok(sent, 'Friend request sent');
    }),

    mockRoute(friendEndpoints.requests, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      const status = new URL(request.url).searchParams.get('status') ?? 'pending';
      const me = meAsUser(claims);
      return okPage(
        received
          .filter((r) => r.status === status)
          .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
          .map((r) => toRequest(r, me)),
        request,
      );
    }),

    mockRoute(friendEndpoints.requestsCount, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      return ok({ count: received.filter((r) => r.status === 'pending').length });
    }),

    mockRoute(friendEndpoints.respond, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      const body = await readJson(request);
      const action = body.action;
      if (action !== 'accept' && action !== 'reject') {
        return fail(400, 'VALIDATION', 'action must be accept or reject');
      }
      const answered = received.find((r) => r.id === userId(body.requestId));
      if (!answered) return fail(404, 'NOT_FOUND', 'Friend request not found.');
      if (answered.status !== 'pending')
        return fail(409, 'CONFLICT', 'This friend request was already answered.');
      answered.status = action === 'accept' ? 'accepted' : 'rejected';
      answered.respondedAt = new Date().toISOString();
      if (action === 'accept') {
        const { id, username, pictureUrl } = answered.sender;
        friends = [...friends, mockFriend({ id, username, pictureUrl, lastSeen: minutesAgo(5) })];
        people = people.filter((p) => p.id !== answered.sender.id);
      }
      return ok(
        toRequest(answered, meAsUser(claims)),
        action === 'accept' ? 'Friend request accepted' : 'Friend request rejected',
      );
    }),

    mockRoute(friendEndpoints.remove, async ({ request, params }) => {
      await mockDelay();
      const claims = caller(request, params.id);
      if (claims instanceof Response) return claims;
      const friend = friends.find((f) => String(f.id) === params.friendId);
      if (!friend) return fail(404, 'NOT_FOUND', 'You are not friends with this user.');
      friends = friends.filter((f) => f !== friend);
      people = [...people, mockPerson(friend.id, friend.username, friend.pictureUrl)];
      return ok(null, 'Friend removed');
    }),
  ];
}

/** Register in `src/mocks/handlers.ts`. */
export const friendsHandlers = createFriendsHandlers();
