import { friendEndpoints, type FriendRequest, type SharedRoom, type User } from '@outing/contract';
import { MOCK_ME, MOCK_ME_ID, minutesAgo, mockPeople, mockStrangers, person } from './demo';
import { fail } from './envelope';
import { readJson } from './request';
import { mockFixed, mockFixedPage, mockOk, mockSignedIn } from './route';
import { demoRoomsWorld } from './rooms/world';

// Mock mode for friends and friend requests (docs/api/README.md#users-and-friends): ada's friends, the people the
// search finds, the requests ada received. Fixed answers (docs/principles.md, principle 7): a request sent, answered
// or a friend removed changes nothing; who becomes whose friend, and lists' order, is the server's.

const registeredAt = '2025-03-14T09:30:00.000Z';
/** A friend last seen `ago` minutes ago, online if that is just now. */
const friend = ({ username, ...user }: User, ago = 90, isOnline = ago < 5) => {
  const email = `${username.replace(/[^a-z0-9]/gi, '')}@example.com`;
  return { ...user, username, email, isEmailValid: true, isOnline, lastSeen: minutesAgo(ago), registeredAt };
};
const { ben, chloe, dev, emma, felix } = mockPeople;
const friends = [friend(ben, 0), friend(chloe), friend(dev, 1), friend(emma, 1560), friend(felix)];

/** Whom the search finds (ids 21 on); ada has asked harry.p (22) already. */
const found = 'hannah_b harry.p isla jack_r jasmine kai leo_m lily.h mia noah_t olivia oscar'.split(' ');
const pic = (n: number) => `https://i.pravatar.cc/150?img=${n}`;
const avatars: Record<string, string> = { 'harry.p': pic(33), 'lily.h': pic(5) };
const people = found.map((name, i) => person(21 + i, name, avatars[name]));

const pending = (id: number, sender: User, ago: number, receiver = MOCK_ME) => {
  const sent = { status: 'pending' as const, sentAt: minutesAgo(ago), respondedAt: null };
  return { id, senderId: sender.id, receiverId: receiver.id, sender, receiver, ...sent };
};
const { sophie, tom, zara } = mockStrangers;
const received = [pending(101, sophie, 20), pending(102, tom, 180), pending(103, zara, 2880)];

/** The demo rooms ada and a friend are both members of: open ones soonest first, then closed ones latest first. */
function sharedWith(friendId: number): SharedRoom[] {
  const both = demoRoomsWorld().rooms.filter(({ room, attendees = [room.host] }) =>
    [MOCK_ME_ID, friendId].every((id) => attendees.some((a) => a.id === id)),
  );
  const at = (r: SharedRoom) => Date.parse(r.startsAt);
  return both
    .map(({ room }) => ({
      id: room.id,
      name: room.name,
      date: room.date,
      time: room.time,
      startsAt: room.startsAt,
      timeZone: room.timeZone,
      venue: room.venue,
      isClosed: room.isClosed,
      imageUrl: room.imageUrl,
      pictureUrl: room.pictureUrl,
      dateTbd: room.dateTbd === true,
      venueTbd: room.venueTbd === true,
    }))
    .sort((a, b) => Number(a.isClosed) - Number(b.isClosed) || (a.isClosed ? at(b) - at(a) : at(a) - at(b)));
}

export const friendsHandlers = [
  mockFixedPage(friendEndpoints.list, friends),
  mockFixed(friendEndpoints.count, { numFriends: friends.length }),
  mockSignedIn(friendEndpoints.search, ({ request }) => {
    const query = (new URL(request.url).searchParams.get('query') ?? '').trim().toLowerCase();
    const matches = query === '' ? [] : people.filter((p) => p.username.includes(query));
    const results = matches.map((p) => ({ ...p, requestPending: p.id === 22 }));
    return mockOk(friendEndpoints.search, results);
  }),
  mockSignedIn(friendEndpoints.sendRequest, async ({ request }) => {
    const friendId = Number((await readJson(request)).friendId);
    const receiver = people.find((p) => p.id === friendId) ?? person(friendId, 'someone');
    return mockOk(friendEndpoints.sendRequest, pending(1000, MOCK_ME, 0, receiver), 'Friend request sent');
  }),
  mockFixedPage(friendEndpoints.requests, received),
  mockFixed(friendEndpoints.requestsCount, { count: received.length }),
  mockSignedIn(friendEndpoints.respond, async ({ request }) => {
    const { requestId, action } = await readJson(request);
    const id = Number(requestId);
    const status: FriendRequest['status'] = action === 'accept' ? 'accepted' : 'rejected';
    const asked = received.find((r) => r.id === id) ?? received[0]!;
    const answer = { ...asked, id, status, respondedAt: minutesAgo(0) };
    return mockOk(friendEndpoints.respond, answer, `Friend request ${status}`);
  }),
  mockSignedIn(friendEndpoints.detail, ({ params }) => {
    const found = friends.find((f) => String(f.id) === params.friendId);
    if (!found)
      return fail(404, 'NOT_FOUND', 'You are not friends with this user.', undefined, {
        body: { reason: 'NOT_FRIENDS' },
      });
    const sharedRooms = sharedWith(found.id);
    const since = registeredAt;
    return mockOk(friendEndpoints.detail, {
      user: found,
      since,
      sharedRooms,
      numSharedRooms: sharedRooms.length,
    });
  }),
  mockFixed(friendEndpoints.remove, null, 'Friend removed'),
];
