import { roomEndpoints, type Room, type User } from '@outing/contract';
import { mockFixedPage } from './route';
import { MOCK_ROOM_IDS, mockRoom, mockRoomDate } from './rooms/seed';
import { person } from './demo';

// Mock mode of Explore (docs/api/README.md#rooms, GET /rooms/public): the demo's three public rooms of others, soonest
// first, whatever is searched (docs/principles.md, principle 7). Which rooms are listed (upcoming, public, not mine,
// not closed), the search and the order are the server's, tested against it (features/explore/explore.server.test.tsx).

const ids = MOCK_ROOM_IDS;

/** Upcoming public rooms of others, everyone in them going: id, name, days from today, time, venue, host, going. */
// prettier-ignore
const rows: [string, string, number, string, string, User, number][] = [
  [ids.karaoke, 'Karaoke Friday', 2, '21:00', 'Lucky Voice Soho', person(43, 'zara'), 1],
  [ids.dogPark, 'Dog Park Meetup', 6, '09:30', 'Hampstead Heath', person(41, 'sophie_r'), 2],
  [ids.charityRun, 'Charity 10K Run', 20, '08:00', 'Victoria Park', person(42, 'tom.h'), 3],
];

const demo: Room[] = rows.map(([id, name, inDays, time, venue, host, going]) => {
  const rest = { imageUrl: '/imgs/party.png', attendeesCount: going, goingCount: going, myRsvp: null };
  return mockRoom({ id, name, date: mockRoomDate(inDays), time, venue, host, hostId: host.id, ...rest });
});

export const exploreHandlers = [mockFixedPage(roomEndpoints.explore, demo)];
