import { roomEndpoints } from '@outing/contract';
import { MOCK_ROOM_IDS } from './demo';
import { mockFixedPage } from './route';
import { demoRoomsWorld } from './rooms/world';

// Mock mode of Explore (docs/api/README.md#rooms, GET /rooms/public): the demo's three public rooms of others, soonest
// first, whatever is searched (docs/principles.md, principle 7). Which rooms are listed (upcoming, public, not mine,
// not closed), the search and the order are the server's, tested against it (features/explore/explore.server.test.tsx).

const listed = [MOCK_ROOM_IDS.karaoke, MOCK_ROOM_IDS.dogPark, MOCK_ROOM_IDS.charityRun];
const demo = listed.map((id) => demoRoomsWorld().rooms.find((entry) => entry.room.id === id)!.room);

export const exploreHandlers = [mockFixedPage(roomEndpoints.explore, demo)];
