import { mockPlanFields } from './plan-fields';
import type { Room, User, Venue } from '@outing/contract';

// Seed data of the rooms mock mode (mocks.ts). "Me" is whoever the token says (the mock login signs in ada,
// id 7); the seed's rooms are built around that id.

export const MOCK_ME_ID = 7;

export interface MockRoom {
  id: string;
  name: string;
  /** Days from today (negative: in the past). */
  inDays: number;
  time: string;
  venue: string;
  venuePlaceId: string;
  image: 'birthday' | 'gathering' | 'party' | 'sports' | 'travel' | 'pets';
  description: string;
  hostId: number;
  /** Member ids, the host included. */
  members: number[];
  isPrivate: boolean;
  isClosed?: boolean;
  /** ISO 4217; USD when left out. */
  currency?: string;
  /** Places for going members; no limit when left out (docs/api/README.md#plans). */
  capacity?: number | null;
  /** IANA zone of its date and time; UTC when left out. */
  timeZone?: string;
  /** An uploaded cover picture (mocks-pictures.ts), shown instead of `image`. */
  pictureId?: string | null;
  /** Minutes ago it was last updated (orders "my rooms"). */
  updatedMinutesAgo: number;
}

export interface MockInvite {
  id: number;
  roomId: string;
  userId: number;
  inviterId: number;
  status: 'pending' | 'accepted' | 'declined';
  createdMinutesAgo: number;
}

export interface RoomsMockSeed {
  /** Everyone the rooms mention, besides the signed-in user. */
  people: User[];
  /** Ids (in `people`) of the signed-in user's friends. */
  friendIds: number[];
  rooms: MockRoom[];
  invites: MockInvite[];
  venues: Venue[];
  /** Rooms whose bills are consolidated (GET /bills/consolidate/{roomId}). */
  consolidated: string[];
  /** Rooms with bills not consolidated yet: closing and leaving answer 409. */
  unconsolidatedBills: string[];
}

const person = (id: number, username: string, pictureUrl = ''): User => ({
  id,
  username,
  email: '',
  pictureUrl,
});

/** Room ids are UUIDv4 (docs/api/README.md#shapes). */
export const MOCK_ROOM_IDS = {
  birthday: '3f8a2c1e-5b7d-4e9a-8c2f-1a2b3c4d5e01',
  football: '6b1d9e2a-7c3f-4a8b-9d1e-2b3c4d5e6f02',
  lisbon: '9c2e0f3b-8d4a-4b9c-a2f3-3c4d5e6f7a03',
  boardGames: 'a4d3f1c2-9e5b-4cad-b3a4-4d5e6f7a8b04',
  housewarming: 'b5e4a2d3-0f6c-4dbe-84b5-5e6f7a8b9c05',
  dogPark: 'c6f5b3e4-1a7d-4ecf-95c6-6f7a8b9cad06',
  charityRun: 'd7a6c4f5-2b8e-4fd0-a6d7-7a8b9cadbe07',
  karaoke: 'e8b7d5a6-3c9f-4ae1-b7e8-8b9cadbecf08',
} as const;

export function defaultRoomsSeed(): RoomsMockSeed {
  const ids = MOCK_ROOM_IDS;
  return {
    people: [
      person(11, 'ben_k'),
      person(12, 'chloe.m', 'https://i.pravatar.cc/150?img=47'),
      person(13, 'dev_patel'),
      person(14, 'emma.w'),
      person(15, 'felix', 'https://i.pravatar.cc/150?img=12'),
      person(41, 'sophie_r', 'https://i.pravatar.cc/150?img=44'),
      person(42, 'tom.h'),
      person(43, 'zara'),
    ],
    friendIds: [11, 12, 13, 14, 15],
    rooms: [
      {
        id: ids.birthday,
        name: "Ben's 30th Birthday",
        inDays: 9,
        time: '19:30',
        venue: 'The Crown & Anchor',
        venuePlaceId: 'mock:crown-and-anchor',
        image: 'birthday',
        description: 'Dinner, cake and far too many candles. Dress code: something sparkly.',
        hostId: 11,
        members: [11, MOCK_ME_ID, 12, 13],
        isPrivate: true,
        updatedMinutesAgo: 12,
      },
      {
        id: ids.football,
        name: 'Sunday Football',
        inDays: 3,
        time: '10:00',
        venue: 'Hackney Marshes',
        venuePlaceId: 'mock:hackney-marshes',
        image: 'sports',
        description: '5-a-side, bring both shirts. Pub after.',
        hostId: MOCK_ME_ID,
        members: [MOCK_ME_ID, 13, 14],
        isPrivate: false,
        updatedMinutesAgo: 45,
      },
      {
        id: ids.lisbon,
        name: 'Lisbon Trip Planning',
        inDays: 41,
        time: '18:00',
        venue: 'Borough Market',
        venuePlaceId: 'mock:borough-market',
        image: 'travel',
        description: '',
        hostId: MOCK_ME_ID,
        members: [MOCK_ME_ID, 15],
        isPrivate: true,
        updatedMinutesAgo: 60 * 5,
      },
      {
        id: ids.boardGames,
        name: 'Board Game Night',
        inDays: -4,
        time: '20:00',
        venue: 'Draughts Waterloo',
        venuePlaceId: 'mock:draughts-waterloo',
        image: 'gathering',
        description: 'Catan rematch. Loser buys the snacks.',
        hostId: 12,
        members: [12, MOCK_ME_ID, 11],
        isPrivate: false,
        updatedMinutesAgo: 60 * 30,
      },
      {
        id: ids.housewarming,
        name: "Emma's Housewarming",
        inDays: 14,
        time: '17:00',
        venue: '12 Mildmay Grove',
        venuePlaceId: 'mock:mildmay-grove',
        image: 'party',
        description: 'New flat, old friends. Bring a plant!',
        hostId: 14,
        members: [14, 11],
        isPrivate: true,
        updatedMinutesAgo: 90,
      },
      {
        id: ids.dogPark,
        name: 'Dog Park Meetup',
        inDays: 6,
        time: '09:30',
        venue: 'Hampstead Heath',
        venuePlaceId: 'mock:hampstead-heath',
        image: 'pets',
        description: 'All good dogs welcome.',
        hostId: 41,
        members: [41, 43],
        isPrivate: false,
        updatedMinutesAgo: 60 * 8,
      },
      {
        id: ids.charityRun,
        name: 'Charity 10K Run',
        inDays: 20,
        time: '08:00',
        venue: 'Victoria Park',
        venuePlaceId: 'mock:victoria-park',
        image: 'sports',
        description: 'Running for the local food bank.',
        hostId: 42,
        members: [42, 43, 41],
        isPrivate: false,
        updatedMinutesAgo: 60 * 2,
      },
      {
        id: ids.karaoke,
        name: 'Karaoke Friday',
        inDays: 2,
        time: '21:00',
        venue: 'Lucky Voice Soho',
        venuePlaceId: 'mock:lucky-voice-soho',
        image: 'party',
        description: '',
        hostId: 43,
        members: [43],
        isPrivate: false,
        updatedMinutesAgo: 60 * 3,
      },
    ],
    invites: [
      {
        id: 301,
        roomId: ids.housewarming,
        userId: MOCK_ME_ID,
        inviterId: 14,
        status: 'pending',
        createdMinutesAgo: 80,
      },
      {
        id: 302,
        roomId: ids.dogPark,
        userId: MOCK_ME_ID,
        inviterId: 41,
        status: 'pending',
        createdMinutesAgo: 60 * 7,
      },
    ],
    venues: [
      {
        name: 'The Crown & Anchor',
        address: '22 Neal St, London WC2H 9PS',
        googleMapsPlaceId: 'mock:crown-and-anchor',
      },
      {
        name: 'Hackney Marshes',
        address: 'Homerton Rd, London E9 5PF',
        googleMapsPlaceId: 'mock:hackney-marshes',
      },
      {
        name: 'Borough Market',
        address: '8 Southwark St, London SE1 1TL',
        googleMapsPlaceId: 'mock:borough-market',
      },
      {
        name: 'Sky Garden',
        address: '1 Sky Garden Walk, London EC3M 8AF',
        googleMapsPlaceId: 'mock:sky-garden',
      },
      { name: 'Hyde Park', address: 'London W2 2UH', googleMapsPlaceId: 'mock:hyde-park' },
      { name: 'Hampstead Heath', address: 'London NW3 7JR', googleMapsPlaceId: 'mock:hampstead-heath' },
      { name: 'Victoria Park', address: 'Grove Rd, London E3 5TB', googleMapsPlaceId: 'mock:victoria-park' },
      {
        name: 'Camden Market',
        address: 'Camden Lock Pl, London NW1 8AF',
        googleMapsPlaceId: 'mock:camden-market',
      },
      {
        name: 'Canary Wharf Ice Rink',
        address: 'Canada Square Park, London E14 5AB',
        googleMapsPlaceId: 'mock:canary-ice',
      },
      {
        name: 'Lucky Voice Soho',
        address: '52 Poland St, London W1F 7NQ',
        googleMapsPlaceId: 'mock:lucky-voice-soho',
      },
    ],
    consolidated: [ids.lisbon],
    unconsolidatedBills: [ids.boardGames],
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day `days` from today (local), as the server sends a room date: 00:00 UTC of that day. */
export function mockRoomDate(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T00:00:00.000Z`;
}

/** A ready Room for tests that need one without the handlers. */
export function mockRoom(overrides: Partial<Room> = {}): Room {
  const host = overrides.host ?? person(MOCK_ME_ID, 'ada', 'https://example.com/ada.png');
  const id = overrides.id ?? MOCK_ROOM_IDS.football;
  return {
    ...mockPlanFields(overrides.date ?? mockRoomDate(3), overrides.time ?? '10:00', 3),
    id,
    name: 'Sunday Football',
    time: '10:00',
    venue: 'Hackney Marshes',
    venuePlaceId: 'mock:hackney-marshes',
    venueUrl: 'https://www.google.com/maps/search/?api=1&query=Hackney%20Marshes',
    imageUrl: '/imgs/sports.png',
    date: mockRoomDate(3),
    description: '5-a-side, bring both shirts.',
    attendeesCount: 3,
    hostId: host.id,
    host,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    isClosed: false,
    isPrivate: false,
    url: `http://localhost:3000/room/${id}`,
    currency: 'USD',
    ...overrides,
  };
}
