import { http } from 'msw';
import type { Room } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { okPage } from '@/mocks/cursor-page';
import { mockRoom, mockRoomDate } from '@/mocks/rooms/handlers';
import { server } from '@/test/server';

// Test helpers of Explore: public rooms of other hosts, as many as a test needs, served by the test's own handler
// (the shared mock answers a fixed demo page: src/mocks/explore.ts). Which rooms the server lists, and in what
// order, is tested against it: explore.server.test.tsx.

/** A UUIDv4 whose last block counts up, so rooms sort and read predictably. */
export const roomIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const ben = { id: 11, username: 'ben_k', email: '', pictureUrl: '' };

/** `count` upcoming public rooms by host 11, room n starting n days from today. */
export function publicRooms(count: number, overrides: (n: number) => Partial<Room> = () => ({})): Room[] {
  return Array.from({ length: count }, (_, i) =>
    mockRoom({
      id: roomIdOf(i + 1),
      name: `Outing ${String(i + 1).padStart(2, '0')}`,
      date: mockRoomDate(i + 1),
      venue: `Venue ${i + 1}`,
      host: ben,
      hostId: ben.id,
      attendeesCount: 1,
      goingCount: 1,
      myRsvp: null,
      ...overrides(i + 1),
    }),
  );
}

/** Serves these rooms as GET /rooms/public's pages, those whose name or venue holds `q` when searched. */
export function serveExplore(rooms: Room[]) {
  server.use(
    http.get(`${API_BASE}/rooms/public`, ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const found = rooms.filter((r) => `${r.name}\n${r.venue}`.toLowerCase().includes(q));
      return okPage(found, request);
    }),
  );
}
