import { http } from 'msw';
import { API_BASE } from '@/lib/api-client';
import { ok } from '../envelope';
import { inviteHandlers } from './invites';
import { memberHandlers } from './members';
import { roomHandlers } from './rooms';
import { defaultRoomsSeed, type RoomsMockSeed } from './seed';
import { createRoomsStore, type RoomPath } from './store';
import { venueHandlers } from './venues';
import { exploreHandlers } from '../explore';
import { previewHandlers } from '../preview';

export { defaultRoomsSeed, mockRoom, mockRoomDate, MOCK_ROOM_IDS, type RoomsMockSeed } from './seed';

// Mock mode for rooms and venues (docs/api/README.md#rooms, #venues): the seed (mocks-seed.ts), the state (mocks-store.ts) and
// one file of handlers a resource. Each `createRoomsHandlers` call has its own state, so tests start afresh with
// their own seed; "me" is whoever the request's token names.

/**
 * `billStatus` adds GET /v1/bills/consolidate/{roomId} answered from this seed (the room page reads it); the bills
 * feature's own mock answers it in mock mode, so the registered set leaves it out.
 */
export function createRoomsHandlers(
  seed: RoomsMockSeed = defaultRoomsSeed(),
  { billStatus = true }: { billStatus?: boolean } = {},
) {
  const store = createRoomsStore(seed);
  // Whether a room's bills are consolidated (the bills feature owns the call; the room page reads it).
  const billStatusHandler = http.get<RoomPath>(
    `${API_BASE}/bills/consolidate/:id`,
    store.inRoom(({ me, room }) =>
      store.isMember(room, me.id)
        ? ok({ isConsolidated: store.state.consolidated.has(room.id) })
        : store.notMember(),
    ),
  );
  return [
    // Explore's paged GET /rooms/public and GET /rooms/{id}/preview, before the rooms' own handlers.
    ...exploreHandlers,
    ...previewHandlers(store),
    // Before the rooms: GET /rooms/{id} would answer GET /rooms/invites too.
    ...inviteHandlers(store),
    ...venueHandlers(store),
    ...memberHandlers(store),
    ...roomHandlers(store),
    ...(billStatus ? [billStatusHandler] : []),
    // Last: the room page's own RSVP mock, where there is one, answers first.
  ];
}

/**
 * Register in `src/mocks/handlers.ts`. They answer GET /v1/rooms/count too (drop `profileRoomCountHandlers`), and
 * leave GET /v1/bills/consolidate/{roomId} to the bills feature's mock.
 */
export const roomsHandlers = createRoomsHandlers(defaultRoomsSeed(), { billStatus: false });
