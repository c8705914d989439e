import type { Room, User } from '@outing/contract';
import { MOCK_ME, MOCK_ROOM_IDS } from '../demo';

// A room as the server answers it, for the demo world (world.ts) and for tests that serve their own.

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `days` from today (local), as the server sends a room date: 00:00 UTC of that day. */
export function mockRoomDate(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T00:00:00.000Z`;
}

/** The URL a room answers for an uploaded picture (contract shapes.ts `pictureUrl`). */
export const mockPictureUrl = (id: string) => `/v1/pictures/${id}.webp`;

const mapsUrl = (venue: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(venue)}`;

/**
 * A room with `overrides` (Sunday Football, 3 days from today, hosted by ada with 3 going, when left out): `startsAt`
 * and `venueUrl` follow the date, time and venue given.
 */
export function mockRoom(overrides: Partial<Room> = {}): Room {
  const host: User = overrides.host ?? { ...MOCK_ME, email: '', pictureUrl: 'https://example.com/ada.png' };
  const id = overrides.id ?? MOCK_ROOM_IDS.football;
  const date = overrides.date ?? mockRoomDate(3);
  const time = overrides.time ?? '10:00';
  const venue = overrides.venue ?? 'Hackney Marshes';
  const count = overrides.attendeesCount ?? 3;
  // prettier-ignore
  return {
    id, name: 'Sunday Football', date, time, timeZone: 'UTC', startsAt: `${date.slice(0, 10)}T${time}:00.000Z`,
    venue, venuePlaceId: 'mock:hackney-marshes', venueUrl: mapsUrl(venue),
    imageUrl: '/imgs/sports.png', pictureUrl: null, description: '5-a-side, bring both shirts.',
    attendeesCount: count, capacity: null, goingCount: count, maybeCount: 0, waitlistCount: 0, invitedCount: 0,
    myRsvp: 'going', hostId: host.id, host, isClosed: false, isPrivate: false, currency: 'USD',
    createdAt: '2026-01-10T10:00:00.000Z', updatedAt: '2026-01-10T10:00:00.000Z',
    url: `${window.location.origin}/room/${id}`, dateTbd: false, venueTbd: false,
    ...overrides,
  };
}
