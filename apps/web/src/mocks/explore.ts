import { roomEndpoints, type Room, type User } from '@outing/contract';
import { mockFixedPage } from './route';
import { MOCK_ROOM_IDS, mockRoom, mockRoomDate } from './rooms/seed';

// Mock mode of Explore (docs/api/README.md#rooms, GET /rooms/public): the demo's three public rooms of others, soonest
// first, whatever is searched (docs/principles.md, principle 7). Which rooms are listed (upcoming, public, not mine,
// not closed), the search and the order are the server's, tested against it (features/explore/explore.server.test.tsx).

/** An upcoming public room of someone else's, everyone in it going. */
function othersRoom(
  id: string,
  name: string,
  inDays: number,
  time: string,
  venue: string,
  host: User,
  going: number,
) {
  const date = mockRoomDate(inDays);
  const counts = { attendeesCount: going, goingCount: going, myRsvp: null };
  return mockRoom({
    id,
    name,
    date,
    time,
    venue,
    imageUrl: '/imgs/party.png',
    host,
    hostId: host.id,
    ...counts,
  });
}

const person = (id: number, username: string): User => ({ id, username, email: '', pictureUrl: '' });

const ids = MOCK_ROOM_IDS;

const demo: Room[] = [
  othersRoom(ids.karaoke, 'Karaoke Friday', 2, '21:00', 'Lucky Voice Soho', person(43, 'zara'), 1),
  othersRoom(ids.dogPark, 'Dog Park Meetup', 6, '09:30', 'Hampstead Heath', person(41, 'sophie_r'), 2),
  othersRoom(ids.charityRun, 'Charity 10K Run', 20, '08:00', 'Victoria Park', person(42, 'tom.h'), 3),
];

export const exploreHandlers = [mockFixedPage(roomEndpoints.explore, demo)];
