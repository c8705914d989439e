import {
  friendEndpoints,
  type Friend,
  type FriendRequest,
  type TokenClaims,
  type User,
} from '@outing/contract';
import { minutesAgo, mockPeople, mockStrangers, person } from './demo';
import { fail } from './envelope';
import { readJson } from './request';
import { mockFixed, mockFixedPage, mockOk, mockPage, mockSignedIn } from './route';

// Mock mode for friends and friend requests (docs/api/README.md#users-and-friends): the demo world's friends, the
// people its search finds and the requests received, or a test's own. Everything is about the signed-in user.

export { person as mockPerson } from './demo';

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

/** A pending request the signed-in user received (newest first in the seed). */
export interface ReceivedRequestSeed {
  id: number;
  sender: User;
  sentAt: string;
}

export interface FriendsMockSeed {
  friends: Friend[];
  /** Everyone the search can find (whose username holds the query). */
  people: User[];
  received: ReceivedRequestSeed[];
  /** Ids of the people the signed-in user has already asked (Pending in the search). */
  sentTo: number[];
}

export function defaultFriendsSeed(): FriendsMockSeed {
  const { ben, chloe, dev, emma, felix } = mockPeople;
  const { sophie, tom, zara } = mockStrangers;
  const friend = ({ id, username, pictureUrl }: User, lastSeenMinutesAgo = 90, isOnline = false) =>
    mockFriend({ id, username, pictureUrl, isOnline, lastSeen: minutesAgo(lastSeenMinutesAgo) });
  const avatars: Record<string, string> = {
    'harry.p': 'https://i.pravatar.cc/150?img=33',
    'lily.h': 'https://i.pravatar.cc/150?img=5',
  };
  /** Whom the search finds: ids 21 on, in this order. */
  const found = 'hannah_b harry.p isla jack_r jasmine kai leo_m lily.h mia noah_t olivia oscar'.split(' ');
  return {
    friends: [
      friend(ben, 0, true),
      friend(chloe),
      friend(dev, 1, true),
      friend(emma, 60 * 26),
      friend(felix),
    ],
    people: found.map((username, i) => person(21 + i, username, avatars[username])),
    received: [
      { id: 101, sender: sophie, sentAt: minutesAgo(20) },
      { id: 102, sender: tom, sentAt: minutesAgo(60 * 3) },
      { id: 103, sender: zara, sentAt: minutesAgo(60 * 24 * 2) },
    ],
    sentTo: [22],
  };
}

const meAsUser = ({ user_id: id, username, user_email: email, picture_url: pictureUrl }: TokenClaims) => {
  return { id, username, email, pictureUrl };
};

/**
 * Fixed answers from `seed` (docs/principles.md, principle 7): a request sent, answered or a friend removed answers
 * as the server would and changes nothing; who becomes whose friend, and in which order lists come, is the server's,
 * tested against it (friends.server.test.tsx).
 */
export function createFriendsHandlers(seed: FriendsMockSeed = defaultFriendsSeed()) {
  const { friends, people, received, sentTo } = seed;
  const requestTo = (me: User, { id, sender, sentAt }: ReceivedRequestSeed): FriendRequest => {
    const pending = { status: 'pending' as const, sentAt, respondedAt: null };
    return { id, senderId: sender.id, receiverId: me.id, sender, receiver: me, ...pending };
  };
  return [
    mockFixedPage(friendEndpoints.list, friends),
    mockFixed(friendEndpoints.count, { numFriends: friends.length }),
    mockSignedIn(friendEndpoints.search, ({ request }) => {
      const query = (new URL(request.url).searchParams.get('query') ?? '').trim().toLowerCase();
      const found = query === '' ? [] : people.filter((p) => p.username.toLowerCase().includes(query));
      const pending = found.map((p) => ({ ...p, requestPending: sentTo.includes(p.id) }));
      return mockOk(friendEndpoints.search, pending);
    }),
    mockSignedIn(friendEndpoints.sendRequest, async ({ request, claims }) => {
      const friendId = Number((await readJson(request)).friendId);
      const receiver = people.find((p) => p.id === friendId) ?? person(friendId, 'someone');
      const me = meAsUser(claims);
      const sent = { id: 1000, sender: me, senderId: me.id, receiver, receiverId: receiver.id };
      const pending = { status: 'pending' as const, sentAt: new Date().toISOString(), respondedAt: null };
      return mockOk(friendEndpoints.sendRequest, { ...sent, ...pending }, 'Friend request sent');
    }),
    mockSignedIn(friendEndpoints.requests, ({ request, claims }) => {
      const mine = received.map((r) => requestTo(meAsUser(claims), r));
      return mockPage(friendEndpoints.requests, mine, request);
    }),
    mockFixed(friendEndpoints.requestsCount, { count: received.length }),
    mockSignedIn(friendEndpoints.respond, async ({ request, claims }) => {
      const { requestId, action } = await readJson(request);
      const answered = received.find((r) => r.id === Number(requestId));
      if (!answered) return fail(404, 'NOT_FOUND', 'Friend request not found.');
      const status = action === 'accept' ? 'accepted' : 'rejected';
      return mockOk(
        friendEndpoints.respond,
        { ...requestTo(meAsUser(claims), answered), status, respondedAt: new Date().toISOString() },
        action === 'accept' ? 'Friend request accepted' : 'Friend request rejected',
      );
    }),
    mockFixed(friendEndpoints.remove, null, 'Friend removed'),
  ];
}

export const friendsHandlers = createFriendsHandlers();
