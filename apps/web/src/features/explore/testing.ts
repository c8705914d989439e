import { seedRoom, serveRooms } from '@/features/rooms/testing';
import type { MockRoom } from '@/mocks/rooms/seed';

// Test helpers of Explore: public rooms of other hosts, as many as a test needs.

/** A UUIDv4 whose last block counts up, so rooms sort and read predictably. */
export const roomIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** `count` upcoming public rooms by host 11, room n starting n days from today. */
export function publicRooms(
  count: number,
  overrides: (n: number) => Partial<MockRoom> = () => ({}),
): MockRoom[] {
  return Array.from({ length: count }, (_, i) =>
    seedRoom({
      id: roomIdOf(i + 1),
      name: `Outing ${String(i + 1).padStart(2, '0')}`,
      inDays: i + 1,
      venue: `Venue ${i + 1}`,
      hostId: 11,
      members: [11],
      ...overrides(i + 1),
    }),
  );
}

/** Serves the rooms mock with just these rooms (and no invites). */
export function serveExplore(rooms: MockRoom[]) {
  return serveRooms({ rooms, invites: [] });
}
