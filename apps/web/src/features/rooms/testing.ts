import { server } from '@/test/server';
import { createRoomsHandlers, defaultRoomsSeed, type RoomsMockSeed } from '@/mocks/rooms/handlers';
import type { MockRoom } from '@/mocks/rooms/seed';
import { todayInputValue } from '@/entities/room/dates';

// Test helpers of the rooms feature: serve the rooms mock with a seed of the test's choosing.

export function serveRooms(seed: Partial<RoomsMockSeed> = {}): RoomsMockSeed {
  const full = { ...defaultRoomsSeed(), ...seed };
  server.use(...createRoomsHandlers(full));
  return full;
}

/** A room of the seed's shape, overridable. */
export function seedRoom(overrides: Partial<MockRoom> = {}): MockRoom {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    name: 'Picnic in the Park',
    inDays: 5,
    time: '12:30',
    venue: 'Hyde Park',
    venuePlaceId: 'mock:hyde-park',
    image: 'gathering',
    description: 'Bring a blanket.',
    hostId: 7,
    members: [7, 11],
    isPrivate: false,
    updatedMinutesAgo: 10,
    ...overrides,
  };
}

/** The date input's value `days` from today (negative: in the past). */
export function dayFromToday(days: number): string {
  const now = new Date();
  return todayInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}
